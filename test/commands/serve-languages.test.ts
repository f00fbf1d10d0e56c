// `npm start` on a site in English and Spanish (two local sample services, two accounts): the Spanish site is
// served under /es/ as a build publishes it, an edit of a Spanish override shows after the re-render, and a broken
// one shows as the preview's error page until it is fixed. One preview for both, in that order.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { CURRENT_PERIODS, copyProject } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { previewRendered, startScript, type RunningScript } from '../helpers/running-script.ts';

let project: string;
let en: SampleService;
let es: SampleService;
let preview: RunningScript | undefined;

beforeAll(async () => {
  project = copyProject({ periods: CURRENT_PERIODS });
  const file = path.join(project, 'content/site.json');
  const { language: _language, ...site } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...site, languages: ['en', 'es'] }));
  // The override's folder is there before the preview watches: a file written at once into a folder just made can
  // reach the watcher before the folder does, on a busy machine.
  mkdirSync(path.join(project, 'content/overrides/es/weekly/2026-w47'), { recursive: true });
  [en, es] = await Promise.all([
    startSampleService({ username: 'english-owner', password: 'en-secret', language: 'en' }),
    startSampleService({ username: 'duena-espanola', password: 'es-secreto', language: 'es' }),
  ]);
});
afterAll(async () => {
  await preview?.stop();
  await Promise.all([en?.close(), es?.close()]);
  await removeDir(project);
});

async function page(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return response.text();
}

describe('npm start on a site of two languages', () => {
  it('serves Spanish under /es/ and re-renders an edited Spanish override', async () => {
    preview = startScript(project, 'serve.ts', {
      PORT: String(await freePort()),
      ASTRO_BUILD_DATE: '2026-11-22',
      ASTRO_API_URL: en.url,
      ASTRO_API_USERNAME: 'english-owner',
      ASTRO_API_PASSWORD: 'en-secret',
      ASTRO_API_URL_ES: es.url,
      ASTRO_API_USERNAME_ES: 'duena-espanola',
      ASTRO_API_PASSWORD_ES: 'es-secreto',
    });
    const base = (await preview.waitFor(/^Preview at (http:\/\/[^/\s]+)\//m))[1]!;
    // Saved the moment the preview says where it is: it watches every folder by then.
    const from = preview.output.length;
    const override = path.join(project, 'content/overrides/es/weekly/2026-w47/leo.md');
    writeFileSync(
      override,
      '---\nfield: text\nmode: append\n---\nUna nota de la redacción añadida durante la vista previa.\n',
    );
    const spanish = await page(`${base}/es/weekly/2026-w47/leo/`);
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('Fechas clave');
    expect(await page(`${base}/weekly/2026-w47/leo/`)).toContain('<html lang="en">');
    await previewRendered(preview, from);
    expect(await page(`${base}/es/weekly/2026-w47/leo/`)).toContain(
      'Una nota de la redacción añadida durante la vista previa.',
    );
    expect(await page(`${base}/weekly/2026-w47/leo/`)).not.toContain('Una nota de la redacción');
  });

  it('shows a broken Spanish override as one line and as every page, and goes on once it is fixed', async () => {
    expect(preview, 'the preview of the test before').toBeDefined();
    const base = /^Preview at (http:\/\/[^/\s]+)\//m.exec(preview!.output)![1]!;
    const from = preview!.output.length;
    const broken = path.join(project, 'content/overrides/es/weekly/2026-w47/lion.md');
    writeFileSync(broken, '---\nfield: text\n---\nUn texto para ningún signo.\n');
    await preview!.waitFor(/content\/overrides\/es\/weekly\/2026-w47\/lion\.md: [^\n]*sign/, undefined, from);
    // Eleventy ends the failed build with its "Wrote" line, on stdout while the error went to stderr: the two
    // pipes may arrive in either order, so both are awaited from the edit on.
    await preview!.waitFor(/^\[11ty\] Wrote /m, undefined, from);
    expect(preview!.output.slice(from)).not.toMatch(/stack trace|\n\s+at /);
    const answer = await fetch(`${base}/es/weekly/2026-w47/leo/`);
    expect(answer.status).toBe(500);
    expect(await answer.text()).toMatch(/<main role="alert">[\s\S]*es\/weekly\/2026-w47\/lion\.md: [^<]*sign/);
    expect(preview!.child.exitCode).toBeNull();

    const fixedAt = preview!.output.length;
    rmSync(broken);
    await previewRendered(preview!, fixedAt);
    expect(await page(`${base}/es/weekly/2026-w47/leo/`)).toContain(
      'Una nota de la redacción añadida durante la vista previa.',
    );
  });
});
