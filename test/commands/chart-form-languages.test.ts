// The chart form on a site whose languages are regional (`pt-BR`, `es-MX`, `en-GB`), in workerd against the sample
// service, which takes a two-letter `lang` alone as docs/service-api.md describes it: each language's form draws its
// chart, and the service is asked in the language's two letters, as the build asks for its own charts.
import { globSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type LocalWorker } from '../../src/cli/chart-form-worker.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { formClient, useFormWorkerHooks } from '../helpers/form-worker.ts';
import { builtInTwoLanguages, CURRENT_PERIODS } from '../helpers/project-copy.ts';

const ACCOUNT = { ASTRO_API_USERNAME: 'regional-owner', ASTRO_API_PASSWORD: 'regional-secret-4' };

let project = '';
let service: SampleService;
let worker: LocalWorker;

beforeAll(async () => {
  project = await builtInTwoLanguages(
    CURRENT_PERIODS,
    '2026-11-22',
    { languages: ['pt-BR', 'es-MX', 'en-GB'], chartForm: { dailyLimit: 500 } },
    undefined,
    { searchIndex: false },
  );
  service = await startSampleService({ username: ACCOUNT.ASTRO_API_USERNAME, password: ACCOUNT.ASTRO_API_PASSWORD });
  worker = await startWorker({ dist: path.join(project, 'dist'), secrets: { ASTRO_API_URL: service.url, ...ACCOUNT } });
}, 240_000);
useFormWorkerHooks(() => ({ worker, service, project }));

describe('the chart form of a regional site', () => {
  it('draws the chart in each of its languages, asking the service in two letters', async () => {
    const { post, suggestions } = formClient(worker);
    const forms = globSync('**/charts/yours/form.json', { cwd: path.join(project, 'dist') })
      .map((file) => `/${path.dirname(file)}/`.replace(/^\/\.\//, '/'))
      .sort();
    expect(forms).toEqual(['/charts/yours/', '/en-gb/charts/yours/', '/es-mx/charts/yours/']);
    for (const form of forms) {
      const [lima] = await suggestions(form, 'Lima');
      const response = await post(form, { date: '1970-07-07', time: '07:07', q: 'Lima', place: lima!.token });
      expect(response.status, form).toBe(200);
      expect(await response.text(), form).toContain('<table class="planets">');
    }
    const asked = service.log
      .filter((entry) => entry.path === '/api/natal')
      .map((entry) => (entry.body as { lang: string }).lang);
    expect(asked).toEqual(['pt', 'en', 'es']);
  });
});
