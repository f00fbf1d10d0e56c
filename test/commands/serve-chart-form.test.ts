// `npm start` on a site with the chart form, in English and Spanish: the form's routes are answered by
// its Worker in workerd over the preview's output, against the account the environment names (a sample service on a
// loopback port), and the Worker stops with the preview.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { CURRENT_PERIODS, copyProject } from '../helpers/project-copy.ts';
import { removeDir } from '../helpers/remove-dir.ts';
import { startScript, type RunningScript } from '../helpers/running-script.ts';

let project: string;
let service: SampleService;
let preview: RunningScript;
let base: string;
let workerOrigin: string;

beforeAll(async () => {
  project = copyProject({ periods: CURRENT_PERIODS });
  const file = path.join(project, 'content/site.json');
  const { language: _language, ...site } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(
    file,
    JSON.stringify({
      ...site,
      url: 'https://horoscopes.example.com/',
      languages: ['en', 'es'],
      chartForm: { dailyLimit: 50 },
    }),
  );
  service = await startSampleService({ username: 'form-owner', password: 'form-secret' });
  preview = startScript(project, 'serve.ts', {
    PORT: String(await freePort()),
    ASTRO_BUILD_DATE: '2026-11-22',
    ASTRO_API_URL: service.url,
    ASTRO_API_USERNAME: 'form-owner',
    ASTRO_API_PASSWORD: 'form-secret',
    ASTRO_API_USERNAME_ES: 'form-owner',
    ASTRO_API_PASSWORD_ES: 'form-secret',
  });
  workerOrigin = (
    await preview.waitFor(
      /^Chart form: answered by its Worker in workerd on (http:\/\/[^,\s]+), from the account in ASTRO_API_URL$/m,
    )
  )[1]!;
  base = (await preview.waitFor(/^Preview at (http:\/\/[^/\s]+)\//m))[1]!;
}, 300_000);
afterAll(async () => {
  await preview?.stop();
  await service?.close();
  await removeDir(project);
});

/** The form's POST as a browser sends it, from the page's origin. */
function post(sitePath: string, fields: Record<string, string>, origin = base): Promise<Response> {
  return fetch(`${base}${sitePath}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { Origin: origin },
  });
}

describe('npm start with the chart form', () => {
  it("answers the form's POST with the chart page, the wheel drawn, in each language", async () => {
    const before = service.log.length;
    const response = await post('/es/charts/yours/', { date: '1985-02-03', time: '08:05', q: 'Lima' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="es"');
    expect(html).toMatch(/<svg [^>]*class="chart-wheel"[\s\S]*La rueda de tu carta natal[\s\S]*<\/svg>/);
    const natal = service.log.slice(before).filter((entry) => entry.path === '/api/natal');
    expect(natal.map((entry) => (entry.body as { lang: string }).lang)).toEqual(['es']);
    expect((await post('/charts/yours/', { date: '1990-05-17', time: '14:30', q: 'Lima' })).status).toBe(200);
  });

  it("asks which place when several match, in a form that posts back to the form's own address", async () => {
    const response = await post('/es/charts/yours/', { date: '1985-02-03', time: '08:05', q: 'San' });
    expect(response.status).toBe(200);
    const form = /<form class="chart-pick"[^>]*>/.exec(await response.text())![0];
    // A form without an action posts to its document's address (https://html.spec.whatwg.org/#form-submission-algorithm).
    const action = /\saction="([^"]*)"/.exec(form)?.[1] ?? '';
    expect(new URL(action, response.url).href).toBe(`${base}/es/charts/yours/`);
  });

  it("suggests places on the form's places route, asked with a POST", async () => {
    const response = await post('/charts/yours/places', { q: 'Madrid' });
    expect(response.status).toBe(200);
    const { places } = (await response.json()) as { places: { label: string; token: string }[] };
    expect(places[0]!.label).toBe('Madrid, Spain');
  });

  it('still refuses a POST from another site, and serves the form page itself as the dev server does', async () => {
    const calls = service.log.length;
    expect(
      (await post('/charts/yours/', { date: '1990-05-17', time: '14:30', q: 'Lima' }, 'https://evil.example')).status,
    ).toBe(403);
    expect(service.log.length).toBe(calls);
    const form = await fetch(`${base}/charts/yours/`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('id="chart-result"');
  });

  it('stops the Worker when the preview stops', async () => {
    expect((await fetch(`${workerOrigin}/`)).status).toBe(200);
    await preview.stop();
    await expect(fetch(`${workerOrigin}/`)).rejects.toThrow();
    // Disposed of, not just killed: wrangler removed the bundle it wrote for the runtime.
    const temporary = path.join(project, '.wrangler/tmp');
    expect(existsSync(temporary) ? readdirSync(temporary) : []).toEqual([]);
  });
});
