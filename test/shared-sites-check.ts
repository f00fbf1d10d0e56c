// The shared sites are read-only (test/helpers/shared-sites.ts): at the run's end, each must hold exactly the files
// it had when it was built, none written, replaced or removed, or the run fails naming them: a test that changed a
// site others read would make their results depend on the order the files ran in. https://vitest.dev/config/globalsetup
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileStats, sharedSitesDir } from './helpers/shared-sites.ts';

/** Every file of the sites under `dir` (each `<key>/dist` beside its record `<key>.json`) that differs from its record. */
export function changedFiles(dir: string): string[] {
  const changed: string[] = [];
  for (const record of existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
    : []) {
    const site = record.slice(0, -'.json'.length);
    const before = (JSON.parse(readFileSync(path.join(dir, record), 'utf8')) as { files: Record<string, string> })
      .files;
    const now = fileStats(path.join(dir, site, 'dist'));
    const names = [...new Set([...Object.keys(before), ...Object.keys(now)])].sort();
    changed.push(...names.filter((name) => before[name] !== now[name]).map((name) => `${site}/dist/${name}`));
  }
  return changed;
}

export default function setup() {
  return () => {
    const changed = changedFiles(sharedSitesDir());
    if (changed.length === 0) return;
    // Vitest reports an error thrown here but keeps its exit code: the run fails through the process's own.
    process.exitCode = 1;
    throw new Error(
      `a test changed ${changed.length} file${changed.length === 1 ? '' : 's'} of the shared sites, which are read-only (copyOfBuiltSite gives a copy to change): ${changed.slice(0, 20).join(', ')}`,
    );
  };
}
