// `npm run bench -- --preview`: how fast the live preview (src/cli/preview/serve.ts) shows an edit on the three-year
// archive, next to a warm `npm run build` of the same archive, and its memory through 100 edits. With
// `--languages 2`, on a site in English and Spanish, with a Spanish override's edit too.
//
// Works on a copy of the project (the edits change content/ and templates/). The preview runs in a child process
// (`node --expose-gc scripts/bench-preview.ts --child …`) that prints a line after every render; an edit's time is
// from writing the file to that line, after which the page is fetched to check it shows the edit. Memory is the
// child's V8 heap after a forced garbage collection, and its RSS, after each render.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PeriodWindows } from '../src/data/config.ts';
import { freePort } from './lib/free-port.ts';

const scriptPath = fileURLToPath(import.meta.url);

const DEFAULTS = {
  edits: 5, // per kind; medians are reported
  memoryEdits: 100,
  /** Memory is compared with its figure after this many edits: the first ones warm caches up. */
  memoryBaseline: 10,
  /** Between edits: the browser's reload and chokidar's settle time (awaitWriteFinish), so edits do not queue up. */
  pauseMs: 300,
};

export const PREVIEW_TARGETS = { singleEditS: 0.5, fullEditToWarmBuild: 1.2, memoryGrowth: 0.1 };

interface ChildRequest {
  rootDir: string;
  cacheDir: string;
  periods: PeriodWindows;
  port: number;
}

// ---------------------------------------------------------------------------------------------- child side

async function child(json: string): Promise<void> {
  const request = JSON.parse(json) as ChildRequest;
  const { servePreview } = await import('../src/cli/preview/serve.ts');
  const gc = (globalThis as { gc?: () => void }).gc;
  await servePreview({
    ...request,
    log(line) {
      console.log(line);
      if (!line.startsWith('Preview: rendered')) return;
      gc?.();
      const { heapUsed, rss } = process.memoryUsage();
      console.log(`BENCH_MEMORY ${JSON.stringify({ heapUsed, rss })}`);
    },
    warn: (line) => console.error(line),
  });
}

// --------------------------------------------------------------------------------------------- parent side

/** The preview as a child process, with the number of renders it has finished. */
class Preview {
  readonly process: ChildProcessWithoutNullStreams;
  output = '';
  readonly memory: { heapUsed: number; rss: number }[] = [];
  constructor(request: ChildRequest, env: Record<string, string>) {
    this.process = spawn(process.execPath, ['--expose-gc', scriptPath, '--child', JSON.stringify(request)], {
      cwd: request.rootDir,
      env: { ...process.env, ...env },
    });
    this.process.stdout.on('data', (d: Buffer) => {
      this.output += d;
      for (const match of d.toString().matchAll(/^BENCH_MEMORY (.*)$/gm))
        this.memory.push(JSON.parse(match[1]!) as { heapUsed: number; rss: number });
    });
    this.process.stderr.on('data', (d: Buffer) => (this.output += d));
  }

  async ready(): Promise<void> {
    while (!this.output.includes('Preview at ')) {
      if (this.process.exitCode !== null)
        throw new Error(`the preview stopped; its output:\n${this.output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  renders(): number {
    return this.output.split('\n').filter((line) => line.startsWith('Preview: rendered')).length;
  }

  /** Resolves once render number `count + 1` is done; returns its line. */
  async renderAfter(count: number, timeoutMs = 120_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    while (this.renders() <= count) {
      if (Date.now() > until || this.process.exitCode !== null)
        throw new Error(`the preview did not render; its output:\n${this.output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    return this.output.split('\n').filter((line) => line.startsWith('Preview: rendered'))[count]!;
  }
}

export interface EditKind {
  name: string;
  /** Makes edit number `i`, leaving `marker` in the page at `url`. */
  edit: (root: string, i: number, marker: string) => void;
  url: string;
  full: boolean;
  /** Only on a site in this language, beside the default one. */
  language?: string;
}

const append = (file: string) => (root: string, _i: number, marker: string) =>
  appendFileSync(path.join(root, file), `\n${marker}\n`);
const replaceLine =
  (file: string, pattern: RegExp, make: (marker: string) => string) => (root: string, _i: number, marker: string) => {
    const full = path.join(root, file);
    writeFileSync(full, readFileSync(full, 'utf8').replace(pattern, make(marker)));
  };

/** Written before the preview starts on a site with Spanish: the edits append to it, as to the English one. */
const SPANISH_OVERRIDE = 'content/overrides/es/weekly/2026-w47/leo.md';

export const EDIT_KINDS: EditKind[] = [
  {
    name: "override (a report's text)",
    edit: append('content/overrides/weekly/2026-w47/leo.md'),
    url: '/weekly/2026-w47/leo/',
    full: false,
  },
  {
    name: "Spanish override (a report's text)",
    edit: append(SPANISH_OVERRIDE),
    url: '/es/weekly/2026-w47/leo/',
    full: false,
    language: 'es',
  },
  { name: 'chart', edit: append('content/charts/frida-kahlo.md'), url: '/charts/frida-kahlo/', full: false },
  { name: 'static page', edit: append('content/pages/about.md'), url: '/about/', full: false },
  {
    name: 'template (report layout)',
    edit: replaceLine(
      'templates/_layouts/report.njk',
      /<article class="report"[^>]*>/,
      (marker) => `<article class="report" data-edit="${marker}">`,
    ),
    url: '/weekly/2026-w47/leo/',
    full: true,
  },
  {
    name: 'content/site.json (title)',
    edit: replaceLine('content/site.json', /"title": "[^"]*"/, (marker) => `"title": "Starlight ${marker}"`),
    url: '/about/',
    full: true,
  },
];

export interface PreviewRuns {
  /** Seconds from writing the file to the render's end, per kind. */
  edits: { kind: EditKind; seconds: number[]; rendered: string }[];
  memory: { heapUsed: number; rss: number }[];
  pages: string;
}

/**
 * Starts the preview on `root`, a copy of the project publishing `languages`, with the archive's cache, and times
 * edits of each kind its languages have.
 */
export async function previewRounds(
  root: string,
  languages: readonly string[],
  cacheDir: string,
  periods: PeriodWindows,
  env: Record<string, string>,
  edits = DEFAULTS.edits,
  log: (line: string) => void = console.error,
): Promise<PreviewRuns> {
  const kinds = EDIT_KINDS.filter((kind) => kind.language === undefined || languages.slice(1).includes(kind.language));
  if (languages.includes('es')) {
    // Before the preview watches: a file written into a folder just made can reach the watcher before its folder.
    mkdirSync(path.dirname(path.join(root, SPANISH_OVERRIDE)), { recursive: true });
    writeFileSync(
      path.join(root, SPANISH_OVERRIDE),
      '---\nfield: text\nmode: append\n---\n**Una nota de la redacción.**\n',
    );
  }
  const port = await freePort();
  const preview = new Preview({ rootDir: root, cacheDir, periods, port }, env);
  try {
    const first = await preview.renderAfter(0);
    // Eleventy starts watching after the first render, and serves once the watcher is ready.
    await preview.ready();
    log(`preview: first render done (${first})`);
    let n = 0;
    const editOnce = async (kind: EditKind) => {
      n++;
      const marker = `bench-edit-${n}`;
      const before = preview.renders();
      const started = performance.now();
      kind.edit(root, n, marker);
      const line = await preview.renderAfter(before);
      const seconds = (performance.now() - started) / 1000;
      const html = await (await fetch(`http://localhost:${port}${kind.url}`)).text();
      if (!html.includes(marker)) throw new Error(`${kind.url} does not show ${marker} after the render (${line})`);
      await new Promise((r) => setTimeout(r, DEFAULTS.pauseMs));
      return { seconds, line };
    };
    const runs: PreviewRuns['edits'] = [];
    for (const kind of kinds) {
      const seconds: number[] = [];
      let rendered = '';
      for (let i = 0; i < edits; i++) {
        const { seconds: s, line } = await editOnce(kind);
        seconds.push(s);
        rendered = line.replace(/^Preview: /, '').replace(/ in [\d.]+ s$/, '');
      }
      log(`preview: ${kind.name}: ${seconds.map((s) => s.toFixed(2)).join(', ')} s (${rendered})`);
      runs.push({ kind, seconds, rendered });
    }
    // Memory: the same single edit, 100 times, in a preview that already went through the edits above.
    const memoryFrom = preview.memory.length;
    for (let i = 0; i < DEFAULTS.memoryEdits; i++) await editOnce(EDIT_KINDS[0]!);
    const memory = preview.memory.slice(memoryFrom);
    log(`preview: ${DEFAULTS.memoryEdits} edits done`);
    return { edits: runs, memory, pages: first.replace(/^Preview: rendered \d+ of /, '').replace(/ in [\d.]+ s$/, '') };
  } finally {
    preview.process.kill('SIGTERM');
  }
}

export const MEMORY = DEFAULTS;

if (process.argv[1] && path.resolve(process.argv[1]) === scriptPath && process.argv[2] === '--child') {
  child(process.argv[3]!).catch((error: unknown) => {
    console.error(`Preview benchmark child failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
