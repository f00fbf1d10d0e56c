// A small site for a browser test, served with the `_headers` it wrote: one period of each kind unless the options
// say otherwise, built once a run and shared (test/helpers/shared-sites.ts), or a copy of the test's own to change
// (`copy: true`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseHeadersFile } from '../../../src/eleventy/security-headers.ts';
import { startStaticServer, type StaticServer } from '../../../scripts/lib/static-server.ts';
import { CURRENT_PERIODS } from '../../helpers/project-copy.ts';
import { removeDir } from '../../helpers/remove-dir.ts';
import { builtSite, copyOfBuiltSite, type SiteOptions } from '../../helpers/shared-sites.ts';

export interface ServedCopy {
  project: string;
  dist: string;
  server: StaticServer;
  close(): Promise<void>;
}

/** The tests' site with `options` (builtSite's), on 2026-11-22 from the embedded sample service, served. */
export async function serveCopy({
  copy = false,
  ...options
}: SiteOptions & { copy?: boolean } = {}): Promise<ServedCopy> {
  const site = { periods: CURRENT_PERIODS, ...options };
  const project = copy ? await copyOfBuiltSite('site', site) : (await builtSite('site', site)).project;
  const dist = path.join(project, 'dist');
  const server = await startStaticServer(dist, {
    headerRules: parseHeadersFile(readFileSync(path.join(dist, '_headers'), 'utf8')),
  });
  return {
    project,
    dist,
    server,
    close: async () => {
      await server.close();
      if (copy) await removeDir(project);
    },
  };
}
