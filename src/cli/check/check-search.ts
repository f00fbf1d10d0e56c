// The rule of `npm run check` for the site's search (docs/search.md): a page that runs Pagefind, naming its script
// in `data-bundle`, needs 'wasm-unsafe-eval' in its policy's script-src, in its <meta> element and in `_headers`, as
// Pagefind's worker does in `_headers`; and beside the script, `parts.json` (src/cli/builder/search-index.ts) must list every
// part of the index, each a folder holding Pagefind's entry file, metadata and index chunks. Without them search
// fails in the browser, or finds less than the archive holds. https://pagefind.app/docs/multisite/
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { servedPath } from '../../model/urls.ts';
import { scriptSources } from './check-page.ts';
import { targetFile } from './link-check.ts';
import type { CheckContext, Problem, SiteRule } from './site-rule.ts';

const WASM = "'wasm-unsafe-eval'";
/** Pagefind's manifest of a bundle, in each part's folder. */
const ENTRY = 'pagefind-entry.json';

const allowsWasm = (policy: string) => scriptSources(policy)?.includes(WASM) ?? false;

/** The file `url` (an address on the site) names, or undefined when it names none of the site's files. */
function fileOf(url: string, context: CheckContext): string | undefined {
  const { origin, pathPrefix } = context.published;
  const sitePath = url.startsWith(origin) ? url.slice(origin.length) : url;
  if (!sitePath.startsWith(pathPrefix)) return undefined;
  try {
    const file = targetFile(sitePath.slice(pathPrefix.length - 1));
    return context.files.has(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** What is wrong with the parts of the index whose main bundle is in `folder` (`pagefind`, `es/pagefind`). */
function partsProblems(folder: string, context: CheckContext): Omit<Problem, 'file'>[] {
  const partsFile = `${folder}/parts.json`;
  if (!context.files.has(partsFile))
    return [{ message: `its search has no list of the index's parts: ${partsFile} is missing` }];
  let parts: unknown;
  try {
    parts = (JSON.parse(readFileSync(path.join(context.dir, partsFile), 'utf8')) as { parts?: unknown }).parts;
  } catch (error) {
    return [
      { message: `its search's list of parts, ${partsFile}, does not parse as JSON (${(error as Error).message})` },
    ];
  }
  const folders = Array.isArray(parts) ? parts.map((part) => (part as { folder?: unknown } | null)?.folder) : [];
  if (folders.length === 0 || !folders.every((name) => typeof name === 'string'))
    return [{ message: `its search's list of parts, ${partsFile}, lists no parts, each with its folder` }];
  const parent = path.posix.dirname(folder) === '.' ? '' : `${path.posix.dirname(folder)}/`;
  const problems = (folders as string[]).flatMap((name) =>
    partProblems(`${parent}${name}`, context).map((message) => ({
      message: `${partsFile} lists the part ${name}, which ${message}`,
    })),
  );
  // A part on disk that the list leaves out is never searched.
  const unlisted = [...context.files]
    .filter((file) => file.startsWith(parent) && file.endsWith(`/${ENTRY}`))
    .map((file) => file.slice(parent.length, -ENTRY.length - 1));
  for (const name of unlisted)
    if (!name.includes('/') && !folders.includes(name))
      problems.push({
        message: `${partsFile} leaves out the part in ${parent}${name}/, which search then never reads`,
      });
  return problems;
}

/** What a part's folder lacks, as a phrase; none when Pagefind can load it. */
function partProblems(folder: string, context: CheckContext): string[] {
  if (!context.files.has(`${folder}/${ENTRY}`)) return [`has no ${folder}/${ENTRY}`];
  let languages: Record<string, { hash?: string }> = {};
  try {
    languages =
      (JSON.parse(readFileSync(path.join(context.dir, folder, ENTRY), 'utf8')) as { languages?: typeof languages })
        .languages ?? {};
  } catch (error) {
    return [`has a ${folder}/${ENTRY} that does not parse as JSON (${(error as Error).message})`];
  }
  const problems = Object.values(languages)
    .filter(({ hash }) => !context.files.has(`${folder}/pagefind.${hash}.pf_meta`))
    .map(({ hash }) => `lacks its metadata ${folder}/pagefind.${hash}.pf_meta`);
  if (![...context.files].some((file) => file.startsWith(`${folder}/index/`)))
    problems.push(`has no index chunks in ${folder}/index/`);
  return problems;
}

export function searchRule(context: CheckContext): SiteRule {
  /** The main bundles' folders already checked. */
  const checked = new Set<string>();
  return {
    visit(file) {
      if (!file.name.endsWith('.html')) return;
      const page = file.page();
      if (!page.bundle) return;
      const report = ({ line = page.bundle!.line, message }: Omit<Problem, 'file'>) =>
        context.report({ file: file.name, line, message });
      if (page.policy !== undefined && !allowsWasm(page.policy))
        report({ message: `its Content-Security-Policy does not allow ${WASM}, which search needs` });
      const headerPolicy = context.headerPolicy(servedPath(file.name));
      if (headerPolicy !== undefined && !allowsWasm(headerPolicy))
        report({ message: `its Content-Security-Policy in _headers does not allow ${WASM}, which search needs` });
      const script = fileOf(page.bundle.url, context);
      if (!script) return report({ message: `its search script ${page.bundle.url} is no file of the site` });
      const folder = path.posix.dirname(script);
      if (checked.has(folder)) return;
      checked.add(folder);
      const worker = context.headerPolicy(`/${folder}/pagefind-worker.js`);
      if (worker !== undefined && !allowsWasm(worker))
        context.report({
          file: '_headers',
          message: `gives Pagefind's worker /${folder}/pagefind-worker.js a Content-Security-Policy without ${WASM}, which search needs`,
        });
      partsProblems(folder, context).forEach(report);
    },
  };
}
