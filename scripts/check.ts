// `npm run check [-- FOLDER]`: checks a built site (dist/ by default) before it is published, with rules that hold
// for any content (src/cli/check/check-site.ts). One line per problem, naming the file in the folder and the line, then
// exit code 1; or one line saying what was checked. Warnings on the owner's files come first and fail nothing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSite } from '../src/cli/check/check-site.ts';
import { commandLine, helpText } from '../src/cli/command-line.ts';
import { loadConfig } from '../src/data/config.ts';
import { ownerWarnings } from '../src/cli/check/owner-warnings.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function main(args: string[]): void {
  const flags = commandLine('check', args);
  if (flags.help) return void console.log(helpText('check'));
  const dir = path.resolve(flags.folder ?? path.join(rootDir, 'dist'));
  const shown = path.relative(process.cwd(), dir) || '.';
  // The address the site is published at, as the build reads it; no credential is needed for that.
  const config = loadConfig(rootDir, {});
  for (const line of ownerWarnings(config)) console.error(line);
  const { problems, pages, feeds, sitemaps, links } = checkSite(dir, config.site);
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const counts = [count(pages, 'page'), count(feeds, 'feed'), count(sitemaps, 'sitemap'), count(links, 'link')].join(
    ', ',
  );
  if (problems.length === 0) return void console.log(`Checked ${shown}/: ${counts}; no problem found.`);
  for (const problem of problems) console.error(problem);
  console.error(`Check failed: ${problems.length} problems in ${shown}/ (${counts} checked).`);
  process.exitCode = 1;
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(`Check failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
