// A natal answer as a chart page shows it: the service's plain texts without the characters XML forbids, its HTML
// sanitized. Shared by the build's chart pages (charts.ts) and the visitors' charts answered by the Worker.
import type { NatalChart } from '../api/schemas.ts';
import { profileAscendant } from './ascendant.ts';
import { sanitizeReportHtml, withoutXmlForbidden } from './sanitize.ts';

export interface ChartPlanet {
  id: number;
  name: string;
  /** Ecliptic longitude, 0–360. */
  longitude: number;
  signId: number;
  signName: string;
  degrees: number;
  minutes: number;
  house: number;
  retrograde: boolean;
  /** Sanitized HTML, or '' when the service sent null. */
  text: string;
  housetext: string;
}

export interface ChartPage {
  slug: string;
  url: string;
  name: string;
  /** As the editor wrote them. */
  date: string;
  time: string;
  place: string;
  /** From the service's profile. */
  cityName: string;
  localBirth: string;
  utcBirth: string;
  timezone: string;
  intro: string;
  bodyHtml: string;
  planets: ChartPlanet[];
  /** The service's when it sends one, else reckoned from the profile's UTC birth time and place (ascendant.ts). */
  ascendant?: number;
  houseCusps?: number[];
}

/** The part of a chart page that comes from the natal answer. */
export type NatalPage = Omit<ChartPage, 'slug' | 'url' | 'name' | 'date' | 'time' | 'place' | 'bodyHtml'>;

function numeric(text: string | number): number {
  return typeof text === 'number' ? text : Number.parseFloat(text);
}

/** What a chart page shows of the service's natal answer, its texts sanitized; the rest comes from who asked. */
export function natalPage(natal: NatalChart): NatalPage {
  const extra = natal as NatalChart & { ascendant?: unknown; houses?: unknown };
  const houses =
    Array.isArray(extra.houses) && extra.houses.length === 12 && extra.houses.every((h) => typeof h === 'number')
      ? (extra.houses as number[])
      : undefined;
  // The service's plain texts (places, names, dates) are shown as they are: like its HTML, without the characters
  // XML forbids, which would break the chart's SVG and any feed that quotes them.
  return {
    cityName: withoutXmlForbidden(natal.profile.cityName),
    localBirth: withoutXmlForbidden(natal.profile.birthdate.date).slice(0, 16),
    utcBirth: withoutXmlForbidden(natal.profile.utBirthdate.date).slice(0, 16),
    timezone: withoutXmlForbidden(natal.profile.timezoneName),
    intro: natal.intro ? sanitizeReportHtml(natal.intro) : '',
    planets: natal.planets.map((p) => ({
      id: p.planetId,
      name: withoutXmlForbidden(p.planetName),
      longitude: numeric(p.longitude),
      signId: p.signId,
      signName: withoutXmlForbidden(p.signName),
      degrees: p.degrees,
      minutes: p.minutes,
      house: p.housePosition,
      retrograde: p.retrograde,
      text: p.text ? sanitizeReportHtml(p.text) : '',
      housetext: p.housetext ? sanitizeReportHtml(p.housetext) : '',
    })),
    ascendant:
      typeof extra.ascendant === 'number' && Number.isFinite(extra.ascendant)
        ? extra.ascendant
        : profileAscendant(natal.profile),
    houseCusps: houses,
  };
}
