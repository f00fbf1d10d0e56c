// Every test removes what it made in the temporary folder: the run's own (vitest.config.ts), which the run fails
// naming whatever a test left there. https://vitest.dev/config/globalsetup
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject) {
  const before = new Set(readdirSync(tmpdir()));
  return () => {
    // Vitest's own folders for transformed modules, one per project, which Vitest removes after this teardown,
    // and what the tests share on purpose (vitest.config.ts).
    const vitest = project.vitest as typeof project.vitest & { _tmpDir?: string };
    const own = [vitest._tmpDir, ...vitest.projects.map((each) => (each as { tmpDir?: string }).tmpDir)];
    const ignored = new Set([
      'shared',
      ...own.filter((dir): dir is string => Boolean(dir)).map((dir) => path.basename(dir)),
    ]);
    const added = readdirSync(tmpdir()).filter((name) => !before.has(name) && !ignored.has(name));
    if (added.length === 0) return;
    // Vitest reports an error thrown here but keeps its exit code: the run fails through the process's own.
    process.exitCode = 1;
    throw new Error(
      `the tests left ${added.length} entr${added.length === 1 ? 'y' : 'ies'} in ${tmpdir()}: ${added.sort().join(', ')}`,
    );
  };
}
