// A chart's Sun, Moon and rising signs, each with where to read on: the Sun sign's current weekly and monthly
// reports and the rising sign's ascendant-yearly report of the current year, only those the site publishes. The
// build's chart pages (site-model.ts) and the Worker's (src/worker/render.ts) use these; nothing here is imported
// at run time, so the Worker takes no more of the build than this file.
/** The message keys (content/i18n/ `planets`) of the service's planetId 0 to 9, the Swiss Ephemeris order. */
export const PLANET_KEYS = [
  'sun',
  'moon',
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
  'pluto',
] as const;

const SUN = 0;
const MOON = 1;

/** A report a chart links to: its URL under the site's path and its page's title, the link's accessible name. */
export interface ReadOn {
  url: string;
  title: string;
}

/** Per kind a chart links to, each sign's current report by sign id (0 = Aries), or null when there is none. */
export interface CurrentReports {
  weekly: (ReadOn | null)[];
  monthly: (ReadOn | null)[];
  ascendantYearly: (ReadOn | null)[];
}

export interface ChartLeads {
  /** "Sun, Moon and rising sign" */
  heading: string;
  /** "Sun sign: Taurus" with its reports; the rising sign's line says why when it is not known. */
  items: { label: string; links: ReadOn[] }[];
}

type Format = (key: string, values?: Record<string, string | number>) => string;

/** A sign hub (types.ts `SignHub`) as far as a chart reads it: its current report per kind. */
interface HubReports {
  current: Partial<Record<keyof CurrentReports, ReadOn>>;
}

/** What a chart links to, from the sign hubs of the build (their current report per kind). */
export function currentReports(signHubs: readonly HubReports[]): CurrentReports {
  const of = (kind: keyof CurrentReports) =>
    signHubs.map((hub) => {
      const page = hub.current[kind];
      return page ? { url: page.url, title: page.title } : null;
    });
  return { weekly: of('weekly'), monthly: of('monthly'), ascendantYearly: of('ascendantYearly') };
}

/**
 * The chart's three signs in the site's words (`t`: the `chart.*` messages) and their reports. No ascendant (no
 * known birth time): the rising sign's line says it is not known.
 */
export function chartLeads(
  chart: { planets: readonly { id: number; signId: number }[]; ascendant?: number | undefined },
  signNames: readonly string[],
  current: CurrentReports,
  t: Format,
): ChartLeads {
  const links = (...reports: (ReadOn | null | undefined)[]) => reports.filter((r): r is ReadOn => !!r);
  const items: ChartLeads['items'] = [];
  const sun = chart.planets.find((p) => p.id === SUN);
  if (sun)
    items.push({
      label: t('chart.sunSign', { sign: signNames[sun.signId]! }),
      links: links(current.weekly[sun.signId], current.monthly[sun.signId]),
    });
  const moon = chart.planets.find((p) => p.id === MOON);
  if (moon) items.push({ label: t('chart.moonSign', { sign: signNames[moon.signId]! }), links: [] });
  if (chart.ascendant === undefined || !Number.isFinite(chart.ascendant)) {
    items.push({ label: t('chart.risingUnknown'), links: [] });
  } else {
    const rising = Math.floor((((chart.ascendant % 360) + 360) % 360) / 30) % 12;
    items.push({
      label: t('chart.risingSign', { sign: signNames[rising]! }),
      links: links(current.ascendantYearly[rising]),
    });
  }
  return { heading: t('chart.leadsHeading'), items };
}
