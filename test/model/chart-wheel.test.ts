import { describe, expect, it } from 'vitest';
import {
  ChartWheelError,
  longitudeToPoint,
  renderChartWheel,
  spreadGlyphs,
  type ChartWheelInput,
} from '../../src/model/chart-wheel.ts';
import { parseXml, type XmlElement } from '../../src/cli/check/xml.ts';

// The SVG is inlined into HTML pages, so an XML declaration in it is an error: parse without allowing one.
const parseSvg = (markup: string): XmlElement => parseXml(markup, { allowDeclaration: false });

function all(element: XmlElement): XmlElement[] {
  return [element, ...element.children.flatMap(all)];
}

const hasClass = (e: XmlElement, cls: string): boolean => (e.attribs.class ?? '').split(/\s+/).includes(cls);

const CENTER = 200; // the wheel's viewBox is 400 × 400
const TEXT = '\uFE0E';

/**
 * Expected position from the convention, computed differently from the implementation: in y-up math angles
 * 9 o'clock is 180° and counter-clockwise is increasing angle; SVG flips y.
 */
function expectedPoint(longitude: number, radius: number, ascendant = 0): { x: number; y: number } {
  const phi = ((180 + longitude - ascendant) * Math.PI) / 180;
  return { x: CENTER + radius * Math.cos(phi), y: CENTER - radius * Math.sin(phi) };
}

function circularDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}

describe('longitudeToPoint', () => {
  it("puts 0° Aries at 9 o'clock without an ascendant", () => {
    const p = longitudeToPoint(0, 100);
    expect(p.x).toBeLessThan(CENTER);
    expect(p.x).toBeCloseTo(CENTER - 100, 9);
    expect(p.y).toBeCloseTo(CENTER, 9);
  });

  it('puts 12°30′ Leo (132.5°) where the convention says', () => {
    const p = longitudeToPoint(132.5, 150);
    const e = expectedPoint(132.5, 150);
    expect(p.x).toBeCloseTo(e.x, 9);
    expect(p.y).toBeCloseTo(e.y, 9);
    // Leo is below and right of centre when Aries is on the left.
    expect(p.x).toBeGreaterThan(CENTER);
    expect(p.y).toBeGreaterThan(CENTER);
  });

  it("runs counter-clockwise: 90° past the ascendant is at 6 o'clock, 270° at 12 o'clock", () => {
    expect(longitudeToPoint(90, 100).x).toBeCloseTo(CENTER, 9);
    expect(longitudeToPoint(90, 100).y).toBeCloseTo(CENTER + 100, 9);
    expect(longitudeToPoint(270, 100).y).toBeCloseTo(CENTER - 100, 9);
  });

  it("puts the ascendant at 9 o'clock", () => {
    const p = longitudeToPoint(132.5, 100, 132.5);
    expect(p.x).toBeCloseTo(CENTER - 100, 9);
    expect(p.y).toBeCloseTo(CENTER, 9);
    const q = longitudeToPoint(0, 100, 132.5);
    const e = expectedPoint(0, 100, 132.5);
    expect(q.x).toBeCloseTo(e.x, 9);
    expect(q.y).toBeCloseTo(e.y, 9);
  });

  it('honours a custom centre', () => {
    expect(longitudeToPoint(0, 10, 0, { x: 50, y: 60 })).toEqual({ x: 40, y: 60 });
  });
});

describe('spreadGlyphs', () => {
  const assertSeparated = (out: number[], min: number): void => {
    for (let a = 0; a < out.length; a++) {
      for (let b = a + 1; b < out.length; b++) {
        expect(circularDistance(out[a]!, out[b]!), `glyphs ${a} and ${b}: ${out}`).toBeGreaterThanOrEqual(min - 1e-9);
      }
    }
  };
  /** Indices sorted by position, reading the circle from `from` degrees. */
  const orderFrom = (values: number[], from: number): number[] =>
    values
      .map((v, i) => ({ v: (((v - from) % 360) + 360) % 360, i }))
      .sort((a, b) => a.v - b.v || a.i - b.i)
      .map((e) => e.i);

  it('separates a cluster, keeps its order and centres it on the true positions', () => {
    const input = [103, 100, 102, 101];
    const out = spreadGlyphs(input, 6);
    assertSeparated(out, 6);
    expect(orderFrom(out, 0)).toEqual(orderFrom(input, 0));
    const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(out)).toBeCloseTo(mean(input), 9);
  });

  it('leaves planets that are far enough apart exactly where they are', () => {
    const input = [0, 30.25, 100, 200, 350];
    expect(spreadGlyphs(input, 6)).toEqual(input);
  });

  it('moves only the cluster, not a distant planet', () => {
    const out = spreadGlyphs([10, 11, 12, 200], 6);
    expect(out[3]).toBe(200);
    assertSeparated(out, 6);
  });

  it('handles a cluster across 0° Aries in circular order', () => {
    const input = [358, 1, 359, 2];
    const out = spreadGlyphs(input, 6);
    assertSeparated(out, 6);
    expect(orderFrom(out, 300)).toEqual(orderFrom(input, 300));
    for (const v of out) expect(v >= 0 && v < 360).toBe(true);
  });

  it('keeps input order for identical longitudes', () => {
    const out = spreadGlyphs([50, 50, 50], 6);
    expect(out[0]).toBeLessThan(out[1]!);
    expect(out[1]).toBeLessThan(out[2]!);
    assertSeparated(out, 6);
  });

  it('merges clusters that collide after spreading', () => {
    const input = [100, 101, 110, 111, 112];
    const out = spreadGlyphs(input, 6);
    assertSeparated(out, 6);
    expect(orderFrom(out, 0)).toEqual(orderFrom(input, 0));
  });

  it('shrinks the separation to 360 / n when the circle is too small', () => {
    const input = Array.from({ length: 72 }, (_, i) => (i * 3) % 50);
    const out = spreadGlyphs(input, 6);
    assertSeparated(out, 5);
  });

  it('refuses non-finite input, naming it', () => {
    expect(() => spreadGlyphs([1, Number.NaN], 6)).toThrow(/longitudes\[1\]/);
  });
});

const PLANETS: ChartWheelInput['planets'] = [
  { name: 'Sun', longitude: 132.5, retrograde: false },
  { name: 'Moon', longitude: 3, retrograde: false },
  { name: 'Mercury', longitude: 130, retrograde: true },
  { name: 'Venus', longitude: 134, retrograde: false },
  { name: 'Mars', longitude: 210, retrograde: false },
  { name: 'Jupiter', longitude: 301, retrograde: true },
  { name: 'Saturn', longitude: 355, retrograde: false },
  { name: 'Uranus', longitude: 58, retrograde: false },
  { name: 'Neptune', longitude: 359, retrograde: true },
  { name: 'Pluto', longitude: 1, retrograde: false },
];
const CUSPS = [100, 128, 158, 190, 222, 253, 280, 308, 338, 10, 42, 73];

function chart(overrides: Partial<ChartWheelInput> = {}): ChartWheelInput {
  return {
    planets: PLANETS,
    title: 'Natal chart',
    description: 'Planets by sign.',
    ascendant: 100,
    houseCusps: CUSPS,
    ...overrides,
  };
}

describe('renderChartWheel', () => {
  it('is well-formed XML with role=img and a labelled title and description', () => {
    const svg = parseSvg(renderChartWheel(chart()));
    expect(svg.name).toBe('svg');
    expect(svg.attribs.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(svg.attribs.role).toBe('img');
    const ids = svg.attribs['aria-labelledby']!.split(' ');
    const title = svg.children.find((c) => c.name === 'title')!;
    const desc = svg.children.find((c) => c.name === 'desc')!;
    expect(ids).toEqual([title.attribs.id, desc.attribs.id]);
    expect(title.text).toBe('Natal chart');
    expect(desc.text).toContain('Planets by sign.');
    expect(desc.text).toContain('Sun in Leo at 12°30′');
    expect(desc.text).toContain('Mercury in Leo at 10°00′, retrograde');
    expect(desc.text).toContain('Neptune in Pisces at 29°00′, retrograde');
  });

  it('draws the 12 sign glyphs in text presentation, in order', () => {
    const signs = all(parseSvg(renderChartWheel(chart()))).filter((e) => hasClass(e, 'wheel-sign'));
    expect(signs.map((s) => s.text)).toEqual(
      Array.from({ length: 12 }, (_, i) => String.fromCodePoint(0x2648 + i) + TEXT),
    );
  });

  it('draws 12 house cusp lines and numbers when cusps are given, none otherwise', () => {
    const withCusps = all(parseSvg(renderChartWheel(chart())));
    expect(withCusps.filter((e) => e.name === 'line' && hasClass(e, 'wheel-house'))).toHaveLength(12);
    expect(withCusps.filter((e) => hasClass(e, 'wheel-house-number')).map((e) => e.text)).toEqual(
      Array.from({ length: 12 }, (_, i) => String(i + 1)),
    );
    const without = all(parseSvg(renderChartWheel(chart({ houseCusps: undefined }))));
    expect(without.filter((e) => hasClass(e, 'wheel-house'))).toHaveLength(0);
  });

  it("draws the first house cusp at 9 o'clock when it is the ascendant", () => {
    const first = all(parseSvg(renderChartWheel(chart()))).find(
      (e) => e.name === 'line' && hasClass(e, 'wheel-house'),
    )!;
    expect(Number(first.attribs.y1)).toBeCloseTo(CENTER, 1);
    expect(Number(first.attribs.y2)).toBeCloseTo(CENTER, 1);
    expect(Number(first.attribs.x2)).toBeLessThan(CENTER);
  });

  it('draws one glyph per planet and an R marker only for retrograde planets', () => {
    const elements = all(parseSvg(renderChartWheel(chart())));
    const planets = elements.filter((e) => hasClass(e, 'wheel-planet'));
    expect(planets).toHaveLength(PLANETS.length);
    planets.forEach((group, i) => {
      const inside = all(group);
      expect(inside.filter((e) => hasClass(e, 'wheel-planet-glyph'))).toHaveLength(1);
      expect(inside.filter((e) => hasClass(e, 'wheel-retrograde'))).toHaveLength(PLANETS[i]!.retrograde ? 1 : 0);
    });
    const glyphs = elements.filter((e) => hasClass(e, 'wheel-planet-glyph')).map((e) => e.text);
    expect(glyphs.slice(0, 3)).toEqual(['\u2609' + TEXT, '\u263D' + TEXT, '\u263F' + TEXT]);
  });

  it('marks the true longitude with a tick even when the glyph is pushed aside', () => {
    const svg = renderChartWheel({
      planets: [
        { name: 'Sun', longitude: 0, retrograde: false },
        { name: 'Moon', longitude: 1, retrograde: false },
      ],
      title: 't',
      description: 'd',
    });
    const elements = all(parseSvg(svg));
    const sunTick = elements.filter((e) => hasClass(e, 'wheel-planet-tick'))[0]!;
    expect(Number(sunTick.attribs.y1)).toBeCloseTo(CENTER, 1);
    expect(Number(sunTick.attribs.y2)).toBeCloseTo(CENTER, 1);
    expect(Number(sunTick.attribs.x1)).toBeLessThan(CENTER);
    const sunGlyph = elements.filter((e) => hasClass(e, 'wheel-planet-glyph'))[0]!;
    expect(Number(sunGlyph.attribs.y)).not.toBeCloseTo(CENTER, 1); // spread: moved off the horizon
  });

  it('escapes hostile names and titles', () => {
    const hostileName = '<script>alert(1)</script>';
    const hostileTitle = '</title><script>alert("t")</script>&';
    const markup = renderChartWheel(
      chart({
        title: hostileTitle,
        description: '<img src=x onerror=alert(1)>',
        planets: [{ name: hostileName, longitude: 10, retrograde: true, glyph: '<b>' }],
      }),
    );
    expect(markup).not.toContain('<script');
    expect(markup).not.toContain('<img');
    expect(markup).not.toContain('<b>');
    const elements = all(parseSvg(markup));
    expect(
      elements.map((e) => e.name).filter((n) => !['svg', 'title', 'desc', 'g', 'line', 'circle', 'text'].includes(n)),
    ).toEqual([]);
    expect(elements.find((e) => e.name === 'title')!.text).toBe(hostileTitle);
    expect(elements.find((e) => hasClass(e, 'wheel-planet-glyph'))!.text).toBe('<b>');
  });

  it('uses classes and currentColor: no style attribute, no <style>, no hard-coded colour', () => {
    const elements = all(parseSvg(renderChartWheel(chart())));
    expect(elements.filter((e) => e.name === 'style' || 'style' in e.attribs)).toEqual([]);
    for (const e of elements) {
      for (const attr of ['fill', 'stroke'] as const) {
        if (attr in e.attribs) expect(['currentColor', 'none']).toContain(e.attribs[attr]);
      }
    }
  });

  it('takes an id prefix so two wheels on a page do not share ids, and refuses a bad one', () => {
    const svg = parseSvg(renderChartWheel(chart(), { idPrefix: 'natal-2' }));
    expect(svg.attribs['aria-labelledby']).toBe('natal-2-title natal-2-desc');
    expect(() => renderChartWheel(chart(), { idPrefix: '"x' })).toThrow(ChartWheelError);
  });

  it('refuses bad input with the field named', () => {
    expect(() => renderChartWheel(chart({ houseCusps: CUSPS.slice(0, 11) }))).toThrow(
      /houseCusps: expected 12 longitudes, got 11/,
    );
    expect(() =>
      renderChartWheel(chart({ planets: [{ name: 'Mars', longitude: Number.NaN, retrograde: false }] })),
    ).toThrow(/planets\[0\]\.longitude \(Mars\)/);
    try {
      renderChartWheel(chart({ ascendant: Number.POSITIVE_INFINITY }));
    } catch (error) {
      expect((error as ChartWheelError).code).toBe('ERR_CHART_WHEEL_INPUT');
    }
    expect.assertions(3);
  });
});
