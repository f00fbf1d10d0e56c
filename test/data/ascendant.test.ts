// The ascendant from the natal profile's documented fields, against the sample service's own `ascendant` member.
import { describe, expect, it } from 'vitest';
import { profileAscendant } from '../../src/data/ascendant.ts';
import { natalChartSchema, type NatalChart } from '../../src/api/schemas.ts';
import { computeNatal } from '../../src/sample-service/natal.ts';
import { findPlace } from '../../src/sample-service/places.ts';

const angleGap = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('profileAscendant', () => {
  const natal = (date: string, time: string, placeId: number) =>
    natalChartSchema.parse(
      computeNatal({ name: 'Ada', date, time, lang: 'en', place: findPlace(placeId)! }),
    ) as NatalChart & { ascendant: number };

  it("matches the sample service's own ascendant in both hemispheres, east and west", () => {
    // London, Sydney, Buenos Aires, New York, Tokyo.
    for (const id of [2643743, 2147714, 3435910, 5128581, 1850147]) {
      const place = findPlace(id)!;
      for (const [date, time] of [
        ['1926-04-21', '02:40'],
        ['1990-05-17', '14:30'],
        ['2001-12-31', '23:59'],
      ] as const) {
        const answer = natal(date, time, id);
        expect(
          angleGap(profileAscendant(answer.profile)!, answer.ascendant),
          `${place.name} ${date} ${time}`,
        ).toBeLessThan(0.001);
      }
    }
  });

  it('reads unsigned coordinates by the south and east flags', () => {
    // Buenos Aires: south and west.
    const answer = natal('1990-05-17', '14:30', 3435910);
    const unsigned = { ...answer.profile, lat: Math.abs(answer.profile.lat), long: Math.abs(answer.profile.long) };
    expect(angleGap(profileAscendant(unsigned)!, answer.ascendant)).toBeLessThan(0.001);
  });

  it('has none when the UTC birth time cannot be read', () => {
    const answer = natal('1990-05-17', '14:30', 2643743);
    expect(
      profileAscendant({ ...answer.profile, utBirthdate: { ...answer.profile.utBirthdate, date: 'unknown' } }),
    ).toBeUndefined();
  });
});
