// The measured builds every benchmark runs, each in a child process of its own so that its CPU time and peak RSS are
// that build's alone: ours as `node scripts/bench.ts --child-site …` (Node running our TypeScript, as `npm run build`
// does), the plain Eleventy one with the same pages as `node bench/plain/build.js` (bench/plain/).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { previousDirsBeside } from '../../src/cli/builder/swap-output.ts';
import type { PeriodWindows } from '../../src/data/config.ts';
import type { BenchOptions, ChildResult } from './bench-settings.ts';

const rootDir = path.resolve(import.meta.dirname, '../..');
/** The script whose `--child-site` runs one build and prints what it cost (scripts/bench.ts). */
const BENCH_SCRIPT = path.join(rootDir, 'scripts/bench.ts');

export interface SiteBuildRequest {
  /** The project to build; default this one (another for experiments on a copy). */
  rootDir?: string;
  outputDir: string;
  cacheDir: string;
  env: Record<string, string>;
  /** The windows; none: content/site.json's own. */
  periods?: PeriodWindows;
  /** Render every page (`npm run build -- --full`); otherwise take unchanged pages from the output's last build. */
  full?: boolean;
}

/**
 * Flushes the file system's pending writes (`sync`) before a measured build, so that no build pays for the
 * previous one's output or for the removal of a folder just before it: each starts with the disk's queue empty.
 */
function settleDisk(): void {
  spawnSync('sync', { stdio: 'ignore' });
}

function runChild(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<ChildResult> {
  settleDisk();
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: rootDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      const line = stdout.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (code !== 0 || !line) {
        reject(
          new Error(
            `benchmark child \`node ${args.slice(0, 3).join(' ')} …\` exited with ${code}:\n${stderr.slice(-4000)}`,
          ),
        );
        return;
      }
      resolve({ wallMs, ...(JSON.parse(line.slice('BENCH_RESULT '.length)) as Omit<ChildResult, 'wallMs'>) });
    });
  });
}

export async function siteBuild(request: SiteBuildRequest, nodeFlags: string[] = []): Promise<ChildResult> {
  // --expose-gc as package.json's build script: the share images' memory is collected (src/data/share-images.ts).
  const result = await runChild(['--expose-gc', ...nodeFlags, BENCH_SCRIPT, '--child-site', JSON.stringify(request)]);
  // The build leaves the removal of the output it replaced to a detached process (src/cli/builder/swap-output.ts).
  // Wait for it, so it never runs during the next measurement, and report how long it went on.
  const exited = performance.now();
  while ((await previousDirsBeside(request.outputDir)).length > 0) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { ...result, backgroundRemovalMs: performance.now() - exited };
}

type PlainVariant = 'idiomatic' | 'compiled-once';

export function plainBuild(
  outputDir: string,
  dataFile: string,
  variant: PlainVariant,
  nodeFlags: string[] = [],
): Promise<ChildResult> {
  const env = { ...process.env, BENCH_PLAIN_DATA: dataFile, BENCH_PLAIN_VARIANT: variant };
  return runChild([...nodeFlags, path.join(rootDir, 'bench/plain/build.js'), outputDir], env);
}

/** What every measured site build shares: its working folder and the ASTRO_* settings pointing at the sample service. */
export interface BenchContext {
  options: BenchOptions;
  work: string;
  env: Record<string, string>;
}

export const log = (line: string) => console.error(line);
