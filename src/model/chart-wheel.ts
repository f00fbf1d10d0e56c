// The natal chart wheel: an inline SVG string drawn by our own code (no charting dependency, nothing fetched).
//
// Orientation is the usual Western one: the ascendant at 9 o'clock and longitudes increasing counter-clockwise;
// with no ascendant, 0° Aries sits at 9 o'clock. Colours come from the page: shapes use `currentColor` through
// presentation attributes on a few groups (needed so the wheel is visible even before any CSS applies), and every
// part has a class (`wheel-sign`, `wheel-planet`, ...) for the stylesheet. There is no `style` attribute and no
// `<style>` element, so a strict CSP (style-src without 'unsafe-inline') does not break it.
// Accessibility: role="img" with <title> and <desc> referenced by aria-labelledby; the description lists every
// planet's sign and degree in words, since the glyphs alone mean nothing to a screen reader.
import { formatSignPosition } from '../data/format-degrees.ts';

interface ChartWheelPlanet {
  name: string;
  /** Ecliptic longitude in degrees (0 = 0° Aries). */
  longitude: number;
  retrograde: boolean;
  /** Shown instead of the built-in glyph for `name`. */
  glyph?: string;
  /** What the planet's <title> and the wheel's description say of it, in the site's language; default English. */
  label?: string;
}

export interface ChartWheelInput {
  planets: ChartWheelPlanet[];
  /** Longitude of the ascendant; it is drawn at 9 o'clock. */
  ascendant?: number;
  /** Twelve cusp longitudes, house 1 first. */
  houseCusps?: number[];
  title: string;
  description: string;
}

interface ChartWheelOptions {
  /** Prefix of the ids of <title> and <desc>; must be unique within the page. */
  idPrefix?: string;
  /** Sign names for the description, Aries first (e.g. from content/signs.json). */
  signNames?: readonly string[];
  /** Glyphs closer than this are pushed apart (degrees of arc). */
  minGlyphSeparation?: number;
  /** Every 5°'s tick on the zodiac band (default true); a small wheel drawn for its signs alone does without. */
  degreeTicks?: boolean;
  /** Decimals of the coordinates (default 2); whole units, a quarter of a percent of the wheel, are a sketch's. */
  decimals?: number;
}

interface Point {
  x: number;
  y: number;
}

// All defaults in one place. Lengths are SVG user units in a 400 × 400 viewBox.
const DEFAULTS = {
  idPrefix: 'chart-wheel',
  viewBoxSize: 400,
  /** Outer edge of the zodiac band. */
  outerRadius: 195,
  /** Inner edge of the zodiac band = outer edge of the house ring. */
  signInnerRadius: 160,
  /** Radius of the sign glyphs, mid-band. */
  signGlyphRadius: 177.5,
  /** Planet glyphs. */
  planetGlyphRadius: 134,
  /** Retrograde marker, inside the planet glyph. */
  retrogradeRadius: 114,
  /** Length of the tick that marks a planet's true longitude, inward from the zodiac band. */
  planetTickLength: 9,
  /** Inner circle; house cusp lines run from here to the zodiac band. */
  innerRadius: 70,
  /** "AC" label, just inside the inner circle on the ascendant side. */
  axisLabelRadius: 56,
  /** House numbers, just outside the inner circle. */
  houseNumberRadius: 82,
  /** Degrees of arc: glyphs closer than this are spread apart (one degree is 2.3 units at radius 134, a 16-unit glyph ~7°). */
  minGlyphSeparation: 7,
  /** Font sizes in user units; the stylesheet may override them through the classes. */
  signFontSize: 20,
  planetFontSize: 16,
  smallFontSize: 10,
  /** Degrees of arc between the small ticks on the zodiac band. */
  degreeTickStep: 5,
} as const;

export const SIGN_NAMES: readonly string[] = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
];

/** U+FE0E asks for the text presentation, so ♈ or ☉ do not turn into colour emoji that ignore `currentColor`. */
const TEXT_PRESENTATION = '\uFE0E';

/** ♈ … ♓ */
const SIGN_GLYPHS: readonly string[] = SIGN_NAMES.map((_, i) => String.fromCodePoint(0x2648 + i) + TEXT_PRESENTATION);

export const PLANET_GLYPHS: Readonly<Record<string, string>> = {
  sun: '\u2609',
  moon: '\u263D',
  mercury: '\u263F',
  venus: '\u2640',
  mars: '\u2642',
  jupiter: '\u2643',
  saturn: '\u2644',
  uranus: '\u2645',
  neptune: '\u2646',
  pluto: '\u2647',
  'north node': '\u260A',
  'true node': '\u260A',
  node: '\u260A',
  'south node': '\u260B',
  chiron: '\u26B7',
  lilith: '\u26B8',
  // The names a service writing in the site's other languages (es, pt, fr, de, it) gives them.
  sol: '\u2609',
  sole: '\u2609',
  soleil: '\u2609',
  sonne: '\u2609',
  luna: '\u263D',
  lua: '\u263D',
  lune: '\u263D',
  mond: '\u263D',
  mercurio: '\u263F',
  mercúrio: '\u263F',
  mercure: '\u263F',
  merkur: '\u263F',
  vênus: '\u2640',
  vénus: '\u2640',
  venere: '\u2640',
  marte: '\u2642',
  júpiter: '\u2643',
  giove: '\u2643',
  saturno: '\u2644',
  saturne: '\u2644',
  urano: '\u2645',
  neptuno: '\u2646',
  netuno: '\u2646',
  nettuno: '\u2646',
  neptun: '\u2646',
  plutón: '\u2647',
  plutão: '\u2647',
  pluton: '\u2647',
  plutone: '\u2647',
};

export class ChartWheelError extends Error {
  readonly code = 'ERR_CHART_WHEEL_INPUT';
  constructor(field: string, problem: string) {
    super(`chart wheel ${field}: ${problem}`);
    this.name = 'ChartWheelError';
  }
}

/** Normalizes to [0, 360) without touching values already in range (exactness matters to spreadGlyphs). */
function normalize(longitude: number): number {
  const r = longitude % 360;
  if (r < 0) return r + 360;
  return r === 0 ? 0 : r;
}

/**
 * Where a longitude lands on a circle of `radius`: the ascendant (default 0° Aries) at 9 o'clock, longitudes
 * increasing counter-clockwise on screen. In SVG coordinates (y grows downwards) that is
 * x = cx − r·cos θ, y = cy + r·sin θ with θ = longitude − ascendant.
 */
export function longitudeToPoint(
  longitude: number,
  radius: number,
  ascendant = 0,
  center: Point = { x: DEFAULTS.viewBoxSize / 2, y: DEFAULTS.viewBoxSize / 2 },
): Point {
  const theta = ((longitude - ascendant) * Math.PI) / 180;
  return { x: center.x - radius * Math.cos(theta), y: center.y + radius * Math.sin(theta) };
}

/** Signed difference b − a folded into (−180, 180]. */
function arcBetween(a: number, b: number): number {
  const d = normalize(b - a);
  return d > 180 ? d - 360 : d;
}

/**
 * Display longitudes for glyphs so that any two are at least `minSeparationDeg` apart around the circle, moving
 * them as little as possible and never changing their circular order; glyphs already far enough apart keep their
 * exact longitude. Returns one value per input, in input order, in [0, 360).
 *
 * How: cut the circle at the widest gap, so no cluster straddles the cut; then, on that line, merge neighbours
 * into groups while they are too close, each group laid out at `minSeparationDeg` steps centred on the mean of its
 * members' true longitudes (the least-squares placement for a fixed spacing). Merging repeats until no two groups
 * overlap. If the groups would then collide across the cut (only when the circle is nearly full), everything is
 * one group. If even evenly spaced glyphs would not fit, the separation shrinks to 360 / count.
 */
export function spreadGlyphs(longitudes: readonly number[], minSeparationDeg: number): number[] {
  if (!Number.isFinite(minSeparationDeg) || minSeparationDeg < 0) {
    throw new ChartWheelError('minSeparationDeg', `expected a finite number >= 0, got ${minSeparationDeg}`);
  }
  const n = longitudes.length;
  const input = longitudes.map((l, i) => {
    if (!Number.isFinite(l)) throw new ChartWheelError(`longitudes[${i}]`, `expected a finite number, got ${l}`);
    return normalize(l);
  });
  if (n < 2 || minSeparationDeg === 0) return input;
  const sep = Math.min(minSeparationDeg, 360 / n);
  // Stable sort: equal longitudes keep their input order.
  const order = input.map((l, i) => ({ l, i })).sort((a, b) => a.l - b.l || a.i - b.i);
  // Cut after the widest gap (the gap from the last back round to the first counts too).
  let cut = 0;
  let widest = -1;
  for (let k = 0; k < n; k++) {
    const here = order[k]!.l;
    const next = k + 1 < n ? order[k + 1]!.l : order[0]!.l + 360;
    if (next - here > widest) {
      widest = next - here;
      cut = (k + 1) % n;
    }
  }
  const line = Array.from({ length: n }, (_, k) => {
    const item = order[(cut + k) % n]!;
    return { index: item.i, position: item.l + (cut + k >= n ? 360 : 0) };
  });
  // Unrolled positions are non-decreasing from here on.
  interface Group {
    first: number;
    count: number;
    sum: number;
  }
  const place = (g: Group): { start: number; end: number } => {
    const start = g.sum / g.count - ((g.count - 1) * sep) / 2;
    return { start, end: start + (g.count - 1) * sep };
  };
  const tolerance = 1e-9;
  let groups: Group[] = [];
  for (let k = 0; k < n; k++) {
    groups.push({ first: k, count: 1, sum: line[k]!.position });
    // Merge backwards while the newest group overlaps the one before it.
    while (groups.length > 1) {
      const b = groups[groups.length - 1]!;
      const a = groups[groups.length - 2]!;
      if (place(b).start - place(a).end >= sep - tolerance) break;
      groups.splice(groups.length - 2, 2, { first: a.first, count: a.count + b.count, sum: a.sum + b.sum });
    }
  }
  if (groups.length > 1) {
    const firstStart = place(groups[0]!).start;
    const lastEnd = place(groups[groups.length - 1]!).end;
    if (firstStart + 360 - lastEnd < sep - tolerance)
      groups = [{ first: 0, count: n, sum: line.reduce((s, p) => s + p.position, 0) }];
  }
  const result = [...input];
  for (const g of groups) {
    if (g.count === 1) continue; // untouched: exactly the input longitude
    const { start } = place(g);
    for (let m = 0; m < g.count; m++) {
      const entry = line[g.first + m]!;
      result[entry.index] = normalize(start + m * sep);
    }
  }
  return result;
}

/** Escapes text and attribute values for XML/HTML and drops characters XML 1.0 forbids (C0 controls but tab/LF/CR). */
function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- removing control characters is the point here
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;')
  );
}

/** A coordinate to `decimals` places (2 by default: a hundredth of a unit of the 400-unit box). */
function n2(value: number, decimals = 2): string {
  const scale = 10 ** decimals;
  const rounded = Math.round(value * scale) / scale;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

function planetGlyph(planet: ChartWheelPlanet): string {
  if (planet.glyph !== undefined && planet.glyph.trim() !== '') return planet.glyph.trim();
  const builtIn = PLANET_GLYPHS[planet.name.trim().toLowerCase()];
  if (builtIn !== undefined) return builtIn + TEXT_PRESENTATION;
  // Unknown body (or a name in another language): its first two letters.
  return Array.from(planet.name.trim()).slice(0, 2).join('') || '?';
}

function validate(chart: ChartWheelInput): void {
  if (!Array.isArray(chart.planets)) throw new ChartWheelError('planets', 'expected an array');
  chart.planets.forEach((p, i) => {
    if (typeof p.name !== 'string') throw new ChartWheelError(`planets[${i}].name`, 'expected a string');
    if (!Number.isFinite(p.longitude)) {
      throw new ChartWheelError(
        `planets[${i}].longitude (${p.name})`,
        `expected a finite number, got ${String(p.longitude)}`,
      );
    }
  });
  if (chart.ascendant !== undefined && !Number.isFinite(chart.ascendant)) {
    throw new ChartWheelError('ascendant', `expected a finite number, got ${String(chart.ascendant)}`);
  }
  if (chart.houseCusps !== undefined) {
    if (!Array.isArray(chart.houseCusps) || chart.houseCusps.length !== 12) {
      throw new ChartWheelError(
        'houseCusps',
        `expected 12 longitudes, got ${Array.isArray(chart.houseCusps) ? chart.houseCusps.length : typeof chart.houseCusps}`,
      );
    }
    chart.houseCusps.forEach((c, i) => {
      if (!Number.isFinite(c))
        throw new ChartWheelError(`houseCusps[${i}]`, `expected a finite number, got ${String(c)}`);
    });
  }
}

/** "Sun in Leo at 12°30′, retrograde" for each planet, in input order. */
function describePlanets(planets: readonly ChartWheelPlanet[], signNames: readonly string[] = SIGN_NAMES): string {
  return planets
    .map((p) => {
      if (p.label !== undefined) return p.label;
      const pos = formatSignPosition(p.longitude);
      return `${p.name} in ${signNames[pos.signId] ?? SIGN_NAMES[pos.signId]} at ${pos.text}${p.retrograde ? ', retrograde' : ''}`;
    })
    .join('; ');
}

/** The wheel as an inline SVG string; every text from the input is escaped. */
export function renderChartWheel(chart: ChartWheelInput, options: ChartWheelOptions = {}): string {
  validate(chart);
  const idPrefix = options.idPrefix ?? DEFAULTS.idPrefix;
  if (!/^[A-Za-z][\w-]*$/.test(idPrefix)) {
    throw new ChartWheelError(
      'options.idPrefix',
      `must start with a letter and hold only letters, digits, _ and -, got ${JSON.stringify(idPrefix)}`,
    );
  }
  const signNames = options.signNames ?? SIGN_NAMES;
  if (signNames.length !== 12)
    throw new ChartWheelError('options.signNames', `expected 12 names, got ${signNames.length}`);
  const pen = wheelPen(chart.ascendant ?? 0, options.decimals);
  const titleId = `${idPrefix}-title`;
  const descId = `${idPrefix}-desc`;
  const planetList = describePlanets(chart.planets, signNames);
  const description = [chart.description.trim(), planetList ? `${planetList}.` : ''].filter(Boolean).join(' ');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart-wheel" viewBox="0 0 ${DEFAULTS.viewBoxSize} ${DEFAULTS.viewBoxSize}" role="img" aria-labelledby="${titleId} ${descId}">`,
    `<title id="${titleId}">${escapeXml(chart.title)}</title>`,
    `<desc id="${descId}">${escapeXml(description)}</desc>`,
    ...wheelLines(chart, pen, options.degreeTicks ?? true),
    ...wheelTexts(chart, pen),
    ...wheelPlanets(chart, pen, signNames, options.minGlyphSeparation ?? DEFAULTS.minGlyphSeparation),
    '</svg>',
  ].join('');
}

/** The SVG elements of a wheel turned so that `asc` is on the left. */
function wheelPen(asc: number, decimals?: number) {
  const n = (value: number) => n2(value, decimals);
  const at = (longitude: number, radius: number): Point => longitudeToPoint(longitude, radius, asc);
  return {
    asc,
    at,
    line: (from: Point, to: Point, cls: string): string =>
      `<line class="${cls}" x1="${n(from.x)}" y1="${n(from.y)}" x2="${n(to.x)}" y2="${n(to.y)}"/>`,
    // font-size, text-anchor and dominant-baseline are presentation attributes (allowed by a strict CSP, and
    // overridden by any stylesheet rule); they sit on each <text> because older engines do not inherit
    // dominant-baseline from a group.
    text: (p: Point, cls: string, fontSize: number, content: string): string =>
      `<text class="${cls}" x="${n(p.x)}" y="${n(p.y)}" font-size="${fontSize}" text-anchor="middle" dominant-baseline="central">${escapeXml(content)}</text>`,
    circle: (r: number, cls: string): string =>
      `<circle class="${cls}" cx="${n(DEFAULTS.viewBoxSize / 2)}" cy="${n(DEFAULTS.viewBoxSize / 2)}" r="${r}"/>`,
  };
}

type WheelPen = ReturnType<typeof wheelPen>;

/** Rings, sign boundaries, degree ticks and house lines: strokes only. */
function wheelLines(chart: ChartWheelInput, { asc, at, line, circle }: WheelPen, degreeTicks: boolean): string[] {
  const parts = ['<g class="wheel-lines" fill="none" stroke="currentColor">'];
  parts.push(
    circle(DEFAULTS.outerRadius, 'wheel-ring'),
    circle(DEFAULTS.signInnerRadius, 'wheel-ring'),
    circle(DEFAULTS.innerRadius, 'wheel-ring'),
  );
  for (let s = 0; s < 12; s++) {
    parts.push(line(at(s * 30, DEFAULTS.signInnerRadius), at(s * 30, DEFAULTS.outerRadius), 'wheel-sign-boundary'));
  }
  for (let d = 0; degreeTicks && d < 360; d += DEFAULTS.degreeTickStep) {
    if (d % 30 === 0) continue;
    const length = d % 10 === 0 ? 5 : 3;
    parts.push(line(at(d, DEFAULTS.signInnerRadius), at(d, DEFAULTS.signInnerRadius + length), 'wheel-tick'));
  }
  if (chart.houseCusps) {
    chart.houseCusps.forEach((cusp, i) => {
      const angle = i % 3 === 0 ? ' wheel-house-angle' : '';
      parts.push(line(at(cusp, DEFAULTS.innerRadius), at(cusp, DEFAULTS.signInnerRadius), `wheel-house${angle}`));
    });
  } else if (chart.ascendant !== undefined) {
    // No cusps: still show the horizon (ascendant–descendant axis).
    parts.push(line(at(asc, DEFAULTS.innerRadius), at(asc, DEFAULTS.signInnerRadius), 'wheel-axis'));
    parts.push(line(at(asc + 180, DEFAULTS.innerRadius), at(asc + 180, DEFAULTS.signInnerRadius), 'wheel-axis'));
  }
  parts.push('</g>');
  return parts;
}

/** Sign glyphs, house numbers and the ascendant's label: fill only, centred on their point. */
function wheelTexts(chart: ChartWheelInput, { asc, at, text }: WheelPen): string[] {
  const parts = ['<g class="wheel-texts" fill="currentColor" stroke="none">'];
  for (let s = 0; s < 12; s++) {
    parts.push(text(at(s * 30 + 15, DEFAULTS.signGlyphRadius), 'wheel-sign', DEFAULTS.signFontSize, SIGN_GLYPHS[s]!));
  }
  if (chart.houseCusps) {
    const cusps = chart.houseCusps;
    cusps.forEach((cusp, i) => {
      const next = cusps[(i + 1) % 12]!;
      const middle = cusp + normalize(next - cusp) / 2;
      parts.push(
        text(at(middle, DEFAULTS.houseNumberRadius), 'wheel-house-number', DEFAULTS.smallFontSize, String(i + 1)),
      );
    });
  }
  if (chart.ascendant !== undefined) {
    parts.push(text(at(asc, DEFAULTS.axisLabelRadius), 'wheel-axis-label', DEFAULTS.smallFontSize, 'AC'));
  }
  parts.push('</g>');
  return parts;
}

/** Planets: a tick at the true longitude, the glyph at its spread-out longitude, a connector when they differ. */
function wheelPlanets(
  chart: ChartWheelInput,
  { at, line, text }: WheelPen,
  signNames: readonly string[],
  minSeparation: number,
): string[] {
  const shown = spreadGlyphs(
    chart.planets.map((p) => p.longitude),
    minSeparation,
  );
  const parts = ['<g class="wheel-planets">'];
  chart.planets.forEach((planet, i) => {
    const display = shown[i]!;
    const pos = formatSignPosition(planet.longitude);
    const label =
      planet.label ??
      `${planet.name} ${pos.text} ${signNames[pos.signId] ?? SIGN_NAMES[pos.signId]}${planet.retrograde ? ' retrograde' : ''}`;
    const tickInner = DEFAULTS.signInnerRadius - DEFAULTS.planetTickLength;
    parts.push(
      `<g class="wheel-planet${planet.retrograde ? ' wheel-planet-retrograde' : ''}">`,
      `<title>${escapeXml(label)}</title>`,
    );
    parts.push('<g fill="none" stroke="currentColor">');
    parts.push(
      line(at(planet.longitude, tickInner), at(planet.longitude, DEFAULTS.signInnerRadius), 'wheel-planet-tick'),
    );
    if (Math.abs(arcBetween(planet.longitude, display)) > 1e-9) {
      parts.push(
        line(at(planet.longitude, tickInner), at(display, DEFAULTS.planetGlyphRadius + 9), 'wheel-planet-connector'),
      );
    }
    parts.push('</g>');
    parts.push('<g fill="currentColor" stroke="none">');
    parts.push(
      text(at(display, DEFAULTS.planetGlyphRadius), 'wheel-planet-glyph', DEFAULTS.planetFontSize, planetGlyph(planet)),
    );
    if (planet.retrograde)
      parts.push(text(at(display, DEFAULTS.retrogradeRadius), 'wheel-retrograde', DEFAULTS.smallFontSize, 'R'));
    parts.push('</g></g>');
  });
  parts.push('</g>');
  return parts;
}
