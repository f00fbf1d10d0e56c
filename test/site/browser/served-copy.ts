// A small site of its own for a browser test: a copy of the project, one period of each kind, its content/site.json
// changed as the test says, built in this process and served with the `_headers` it wrote.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runBuild } from '../../../src/cli/builder/run-build.ts';
import { parseHeadersFile } from '../../../src/eleventy/security-headers.ts';
import { startStaticServer, type StaticServer } from '../../../scripts/lib/static-server.ts';
import { copyProject, CURRENT_PERIODS } from '../../helpers/project-copy.ts';
import { removeDir } from '../../helpers/remove-dir.ts';

export interface ServedCopy {
  project: string;
  dist: string;
  server: StaticServer;
  close(): Promise<void>;
}

/** `site` gets the copy's site.json and returns the one to build (on 2026-11-22, from the embedded sample service). */
export async function serveCopy(site: (json: Record<string, unknown>) => Record<string, unknown>): Promise<ServedCopy> {
  const project = copyProject({ periods: CURRENT_PERIODS });
  const siteFile = path.join(project, 'content/site.json');
  writeFileSync(siteFile, JSON.stringify(site(JSON.parse(readFileSync(siteFile, 'utf8')) as Record<string, unknown>)));
  const dist = path.join(project, 'dist');
  await runBuild({ rootDir: project, env: { ASTRO_BUILD_DATE: '2026-11-22' }, outputDir: dist, cacheDir: path.join(project, '.cache'), log: () => {}, warn: () => {} });
  const server = await startStaticServer(dist, { headerRules: parseHeadersFile(readFileSync(path.join(dist, '_headers'), 'utf8')) });
  return {
    project,
    dist,
    server,
    close: async () => {
      await server.close();
      await removeDir(project);
    },
  };
}
