import { describe, expect, it } from 'vitest';
import { natalChartSchema, placeSchema, reportEntrySchemas, type ClientOptions } from '../../src/api/index.ts';
import { reportEntry, sendJson } from './helpers/fake-service.ts';
import { rejection, useClientHarness } from './helpers/client-harness.ts';
import { natalChart } from './helpers/fixtures.ts';

const { setUp } = useClientHarness();

/** A client whose service answers every non-auth request with `answer` (a JSON value or raw text). */
async function answering(answer: unknown, options: Partial<ClientOptions> = {}) {
  const { client } = await setUp((_request, res) => sendJson(res, 200, answer), options);
  return client;
}

/** The parts of a natal chart fixture the tests spoil. */
interface Chart {
  intro?: unknown;
  profile: { birthdate: Record<string, unknown> };
  planets: Record<string, unknown>[];
}

const week47 = { year: 2026, week: 47 };
const twelve = (overrides: (signId: number) => Record<string, unknown> = () => ({})) =>
  Array.from({ length: 12 }, (_, signId) => reportEntry(week47, signId, overrides(signId)));

describe('response shapes', () => {
  it.each([
    [
      'a missing field',
      { reports: twelve((id) => (id === 3 ? { text: undefined } : {})) },
      'reports[3].text',
      '/api/weekly-reports: invalid response: reports[3].text: missing (expected string)',
    ],
    [
      'sign_id 12',
      { reports: twelve((id) => (id === 11 ? { sign_id: 12 } : {})) },
      'reports[11].sign_id',
      '/api/weekly-reports: invalid response: reports[11].sign_id: expected at most 11, received 12',
    ],
    [
      'week as a string',
      { reports: twelve((id) => (id === 2 ? { week: '47' } : {})) },
      'reports[2].week',
      '/api/weekly-reports: invalid response: reports[2].week: expected integer, received string',
    ],
    [
      'a fractional year',
      { reports: twelve((id) => (id === 0 ? { year: 2026.5 } : {})) },
      'reports[0].year',
      '/api/weekly-reports: invalid response: reports[0].year: expected integer, received non-integer number 2026.5',
    ],
    [
      'an entry for another week',
      { reports: twelve((id) => (id === 5 ? { week: 46 } : {})) },
      'reports[5].week',
      '/api/weekly-reports: invalid response: reports[5].week: expected 47 (as requested), received 46',
    ],
    [
      'a bare entry where the all-signs form is due',
      reportEntry(week47, 0),
      'reports',
      '/api/weekly-reports: invalid response: reports: missing (expected array)',
    ],
  ])('rejects %s naming endpoint and field', async (_name, answer, field, message) => {
    const client = await answering(answer);
    const error = await rejection(client.reports('weekly', week47));
    expect(error).toMatchObject({ code: 'ASTRO_INVALID_RESPONSE', endpoint: '/api/weekly-reports', field });
    expect(error.message).toBe(message);
  });

  it('rejects malformed JSON naming the endpoint', async () => {
    const client = await answering('{"reports": [');
    const error = await rejection(client.reports('yearly', { year: 2026 }));
    expect(error.code).toBe('ASTRO_INVALID_RESPONSE');
    expect(error.endpoint).toBe('/api/yearly-reports');
    expect(error.message).toMatch(/^\/api\/yearly-reports: response is not valid JSON \(.+\)$/);
  });

  it('checks the single-sign form against the requested sign, year and month', async () => {
    const client = await answering(reportEntry({ year: 2026, month: 4 }, 2));
    const error = await rejection(client.report('monthly', { year: 2026, month: 4 }, 3));
    expect(error).toMatchObject({ field: 'sign_id' });
    expect(error.message).toBe(
      '/api/monthly-reports: invalid response: sign_id: expected 3 (as requested), received 2',
    );
    const wrongYear = await answering(reportEntry({ year: 2025, month: 4 }, 3));
    await expect(wrongYear.report('monthly', { year: 2026, month: 4 }, 3)).rejects.toMatchObject({ field: 'year' });
    const wrapped = await answering({ reports: [reportEntry({ year: 2026, month: 4 }, 3)] });
    await expect(wrapped.report('monthly', { year: 2026, month: 4 }, 3)).rejects.toMatchObject({
      code: 'ASTRO_INVALID_RESPONSE',
    });
  });

  it('accepts and keeps a natal chart of the documented shape with extra members', async () => {
    const client = await answering(natalChart());
    const chart = await client.natal({ name: 'Ada', date: '1990-05-17', time: '14:30', place_id: 2950159, lang: 'en' });
    expect(chart).toEqual(natalChart());
  });

  it.each([
    [
      'speeds as a JSON number',
      (c: Chart) => (c.planets[0]!.speeds = 0.97),
      'planets[0].speeds',
      'expected string, received number',
    ],
    [
      'longitude as non-numeric text',
      (c: Chart) => (c.planets[0]!.longitude = 'n/a'),
      'planets[0].longitude',
      'expected numeric text, received "n/a"',
    ],
    [
      'degrees as a string',
      (c: Chart) => (c.planets[0]!.degrees = '26'),
      'planets[0].degrees',
      'expected integer, received string',
    ],
    ['signId 12', (c: Chart) => (c.planets[0]!.signId = 12), 'planets[0].signId', 'expected at most 11, received 12'],
    ['a missing intro', (c: Chart) => delete c.intro, 'intro', 'missing (expected string)'],
    [
      'timezone_type as a float',
      (c: Chart) => (c.profile.birthdate.timezone_type = 3.5),
      'profile.birthdate.timezone_type',
      'expected integer, received non-integer number 3.5',
    ],
  ])('rejects a natal chart with %s', async (_name, spoil, field, problem) => {
    const chart = natalChart();
    spoil(chart as unknown as Chart);
    const client = await answering(chart);
    const error = await rejection(
      client.natal({ name: 'Ada', date: '1990-05-17', time: '14:30', place_id: 1, lang: 'en' }),
    );
    expect(error).toMatchObject({ code: 'ASTRO_INVALID_RESPONSE', endpoint: '/api/natal', field });
    expect(error.message).toBe(`/api/natal: invalid response: ${field}: ${problem}`);
  });

  it('rejects a place whose population is not an integer', async () => {
    const client = await answering({
      data: [
        {
          id: 1,
          name: 'X',
          longitude: 1,
          latitude: 2,
          country_code: 'DE',
          admin1_code: 'DE.16',
          population: '12',
          timezone: 'UTC',
        },
      ],
    });
    await expect(client.places('X')).rejects.toMatchObject({ field: 'data[0].population' });
  });

  it('schemas keep unknown members', () => {
    expect(
      reportEntrySchemas.yearly.parse({ ...reportEntry({ year: 2026 }, 1), yearly: 1, extra: { a: 1 } }),
    ).toMatchObject({ extra: { a: 1 } });
    expect(placeSchema.safeParse({ id: 1 }).success).toBe(false);
    expect(natalChartSchema.parse(natalChart())).toHaveProperty('chartUrl');
  });
});
