// The home page's sky: the Moon's phase and sign, the Sun's sign, the planets retrograde and the wheel of the
// planets, at noon UTC of the build's date. A static site's "today" is the day it was built, which the page says;
// the daily rebuild keeps it true.
import { formatSignPosition } from '../data/format-degrees.ts';
import type { Messages } from '../data/i18n.ts';
import { parseIsoDate } from '../data/periods.ts';
import { SIGN_SLUGS, type Sign } from '../data/signs.ts';
import { skyAt, type MoonPhaseName } from '../sky/index.ts';
import { PLANET_GLYPHS, renderChartWheel } from './chart-wheel.ts';
import { PLANET_KEYS } from './chart-leads.ts';
import { moonLitPath, moonPhaseOfDay } from './moon-drawing.ts';

const DEFAULTS = {
  /** The hour (UTC) of the build's date the sky is drawn for: midday, the day's middle wherever the reader is. */
  hourUtc: 12,
  /** The Moon's drawing: a disc of this radius in a square viewBox twice as wide. */
  moonRadius: 50,
};

/** The message of each phase (content/i18n/, `today.phase…`). */
const PHASE_KEYS: Record<MoonPhaseName, string> = {
  newMoon: 'phaseNew',
  waxingCrescent: 'phaseWaxingCrescent',
  firstQuarter: 'phaseFirstQuarter',
  waxingGibbous: 'phaseWaxingGibbous',
  fullMoon: 'phaseFull',
  waningGibbous: 'phaseWaningGibbous',
  lastQuarter: 'phaseLastQuarter',
  waningCrescent: 'phaseWaningCrescent',
};

export interface TodayView {
  /** "The sky on November 22": the build's day, which the daily rebuild keeps today's. */
  title: string;
  moon: { phase: string; litPercent: number; svg: string; sign: string };
  /** "Sun in Sagittarius" */
  sun: string;
  /** "Retrograde now: Saturn and Neptune", or that none is. */
  retrograde: string;
  /** The planets on the zodiac wheel, without houses (chart-wheel.ts). */
  wheel: string;
  /** The wheel's key beside it: each planet's glyph and where it is, in words. */
  wheelKey: { glyph: string; label: string }[];
}

/** The Moon's drawing, named by the phase's words printed beside it (`labelId`, templates/_includes/today.njk). */
function moonSvg(litFraction: number, waxing: boolean, labelId: string): string {
  const r = DEFAULTS.moonRadius;
  const path = moonLitPath(litFraction, waxing, r, r, r);
  return [
    `<svg class="moon-phase" viewBox="0 0 ${2 * r} ${2 * r}" role="img" aria-labelledby="${labelId}">`,
    `<circle class="moon-dark" cx="${r}" cy="${r}" r="${r - 1}"/>`,
    ...(path ? [`<path class="moon-lit" d="${path}"/>`] : []),
    '</svg>',
  ].join('');
}

export function todayView(buildDate: string, signs: readonly Sign[], messages: Messages): TodayView {
  const { t, ui, locale } = messages;
  const instant = new Date(parseIsoDate(buildDate).getTime() + DEFAULTS.hourUtc * 3_600_000);
  const sky = skyAt(instant);
  const day = new Intl.DateTimeFormat(locale, { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(instant);
  const planetName = (i: number) => ui.planets[PLANET_KEYS[i]!];
  const signName = (id: number) => signs[id]?.name ?? '';
  // "im Stier", "in den Zwillingen": the sign as the language says "in" it (content/i18n grammar.signIn).
  const inSign = (id: number) => t('grammar.signIn', { sign: SIGN_SLUGS[id] ?? '', name: signName(id) });
  const litPercent = Math.round(sky.moon.litFraction * 100);
  // The day's phase, as the calendar names it: a principal phase on its day (moon-drawing.ts).
  const dayStart = parseIsoDate(buildDate);
  const phaseName = moonPhaseOfDay(dayStart, new Date(dayStart.getTime() + 86_400_000));
  const phase = t('today.moonPhase', { phase: t(`today.${PHASE_KEYS[phaseName]}`), percent: litPercent });
  const retrograde = sky.planets.flatMap((p, i) => (p.retrograde ? [planetName(i)] : []));
  const planets = sky.planets.map((p, i) => {
    const values = {
      planet: planetName(i),
      sign: signName(p.signId),
      inSign: inSign(p.signId),
      position: formatSignPosition(p.longitude).text,
    };
    return {
      name: p.body,
      longitude: p.longitude,
      retrograde: p.retrograde,
      label: t(p.retrograde ? 'chart.wheelRetrograde' : 'chart.wheelPlanet', values),
    };
  });
  return {
    title: t('today.title', { date: day }),
    moon: {
      phase,
      litPercent,
      svg: moonSvg(sky.moon.litFraction, sky.moon.phaseAngle < 180, 'moon-phase-text'),
      sign: t('today.moonIn', { sign: signName(sky.planets[1]!.signId), inSign: inSign(sky.planets[1]!.signId) }),
    },
    sun: t('today.sunIn', { sign: signName(sky.planets[0]!.signId), inSign: inSign(sky.planets[0]!.signId) }),
    retrograde: retrograde.length
      ? t('today.retrograde', { planets: new Intl.ListFormat(locale, { type: 'conjunction' }).format(retrograde) })
      : t('today.noRetrograde'),
    // The glyph in text presentation (U+FE0E), as the wheel draws it.
    wheelKey: planets.map((p) => ({ glyph: `${PLANET_GLYPHS[p.name.toLowerCase()] ?? ''}\uFE0E`, label: p.label })),
    wheel: renderChartWheel(
      { planets, title: t('today.wheelTitle', { date: day }), description: t('today.wheelDescription', { date: day }) },
      { idPrefix: 'sky-now', signNames: signs.map((s) => s.name), degreeTicks: false, decimals: 0 },
    ),
  };
}
