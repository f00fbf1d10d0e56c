/** A natal chart answer shaped exactly as docs/service-api.md#natal-charts describes, for schema and client tests. */
export function natalChart(): Record<string, unknown> {
  return {
    profile: {
      name: 'Ada',
      birthdate: { date: '1990-05-17 14:30:00.000000', timezone_type: 3, timezone: 'Europe/Berlin' },
      utBirthdate: { date: '1990-05-17 12:30:00.000000', timezone_type: 3, timezone: 'UTC' },
      cityName: 'Berlin',
      lat: 52.52437,
      long: 13.41053,
      realLat: 52.31,
      realLong: 13.24,
      east: true,
      south: false,
      dst: 1,
      timezoneName: 'Europe/Berlin',
    },
    intro: null,
    planets: [
      {
        speeds: '0.9712',
        housePosition: 9,
        planetId: 0,
        planetName: 'Sun',
        retrograde: false,
        housetext: '<p>House text</p>',
        longitude: '56.4312',
        signId: 1,
        signName: 'Taurus',
        degrees: 26,
        minutes: 25,
        seconds: 52,
        collectText: true,
        text: null,
        aspects: [],
      },
    ],
    chartUrl: 'https://example.invalid/chart.svg',
  };
}
