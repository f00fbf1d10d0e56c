// (A browser test among the commands: it builds and serves its own copy, and needs no shared build.)
// The embeddable card's requests and states in Chromium, as a partner trying it locally sees them: the built site's
// files served under a path of a loopback port that is not the site's address (the card finds the API from its own
// script's address), each request counted and weighed, and an answer held back on demand to arrive after a later one.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { serveCopy, type ServedCopy } from '../site/browser/served-copy.ts';

/** Where the copy is served here: neither its address's origin nor its path. */
const PREFIX = '/elsewhere/';
const SITE_TITLE = 'Card trial';
let served: ServedCopy | undefined;
let browser: Browser;
let server: Server;
let origin = '';
/** Every request's path, in order. */
let requests: string[] = [];
/** The bytes of each path's answer, as served (raw). */
const sizes = new Map<string, number>();
/** The bound of one card's weight: its script and its answer, raw (docs/syndication.md, scripts/bench-syndication.ts). */
const CARD_BYTES = 12 * 1024;
/** Paths whose answer waits until released, and the releases. */
const held = new Map<string, () => void>();
let holding = new Set<string>();
/** Paths answered with a 500. */
let failing = new Set<string>();

const page = (cards: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title><script src="${PREFIX}embed/card.js" defer></script></head><body>${cards}</body></html>`;

beforeAll(async () => {
  served = await serveCopy({
    site: {
      language: null,
      title: SITE_TITLE,
      url: 'https://horoscopes.example.com/horoscopo/',
      languages: ['en', 'es'],
    },
  });
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/partner')
      return void response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(page(url.searchParams.get('cards') ?? ''));
    if (url.pathname === '/favicon.ico') return void response.writeHead(404).end();
    requests.push(url.pathname);
    const answer = async () => {
      if (failing.has(url.pathname)) return void response.writeHead(500).end();
      const file = path.join(served!.dist, url.pathname.slice(PREFIX.length));
      const body = await readFile(file).catch(() => undefined);
      if (!url.pathname.startsWith(PREFIX) || !body) return void response.writeHead(404).end();
      sizes.set(url.pathname, body.length);
      response
        .writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'application/json' })
        .end(body);
    };
    if (holding.has(url.pathname)) held.set(url.pathname, () => void answer());
    else void answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await served?.close();
});

async function open(cards: string): Promise<Page> {
  requests = [];
  const context = await browser.newContext();
  const opened = await context.newPage();
  await opened.goto(`${origin}/partner?cards=${encodeURIComponent(cards)}`);
  return opened;
}

/** Each card's shadow root's text and links (run in the page: no DOM types here). */
const views = (opened: Page) =>
  opened.evaluate(`[...document.querySelectorAll('horoscope-card')].map((card) => ({
    text: card.shadowRoot?.textContent ?? '',
    links: [...(card.shadowRoot?.querySelectorAll('a') ?? [])].map((a) => a.href),
  }))`) as Promise<{ text: string; links: string[] }[]>;

const rendered = (opened: Page, count: number) =>
  expect
    .poll(async () => (await views(opened)).filter((view) => view.links.length === 2).length, { timeout: 60_000 })
    .toBe(count);

describe('the card on a local partner page', () => {
  it('sends one request for its script and one per card, and a card without kind shows the weekly report', async () => {
    const opened = await open(`<horoscope-card sign="leo" kind="weekly"></horoscope-card>
<horoscope-card sign="virgo" kind="monthly" lang="es"></horoscope-card>
<horoscope-card sign="aries"></horoscope-card>`);
    await rendered(opened, 3);
    // Let any extra request the upgrade may have started arrive.
    await opened.waitForTimeout(500);
    expect(requests.sort()).toEqual([
      `${PREFIX}api/v1/aries/weekly/card.json`,
      `${PREFIX}api/v1/leo/weekly/card.json`,
      `${PREFIX}embed/card.js`,
      `${PREFIX}es/api/v1/virgo/monthly/card.json`,
    ]);
    const [leo, , aries] = await views(opened);
    expect(leo!.links[0]).toBe('https://horoscopes.example.com/horoscopo/weekly/2026-w47/leo/');
    expect(aries!.text).toMatch(/Aries weekly horoscope/);
    await opened.context().close();
  });

  it('weighs at most 12 kB, its script and its answer, for the largest card of every sign, kind and language', async () => {
    const signs = [
      'aries',
      'taurus',
      'gemini',
      'cancer',
      'leo',
      'virgo',
      'libra',
      'scorpio',
      'sagittarius',
      'capricorn',
      'aquarius',
      'pisces',
    ];
    const all = ['en', 'es'].flatMap((lang) =>
      signs.flatMap((sign) =>
        ['weekly', 'monthly', 'yearly', 'ascendant'].map(
          (kind) => `<horoscope-card sign="${sign}" kind="${kind}" lang="${lang}"></horoscope-card>`,
        ),
      ),
    );
    const opened = await open(all.join(''));
    await rendered(opened, 96);
    await opened.waitForTimeout(500);
    const script = `${PREFIX}embed/card.js`;
    const answers = requests.filter((request) => request !== script);
    expect(answers).toHaveLength(96);
    const [largest, bytes] = answers
      .map((answer) => [answer, sizes.get(answer)!] as const)
      .reduce((a, b) => (b[1] > a[1] ? b : a));
    expect(sizes.get(script)! + bytes, `${script} and ${largest}`).toBeLessThanOrEqual(CARD_BYTES);
    await opened.context().close();
  });

  it('loads again when an attribute changes, and an answer that arrives late never replaces a later one', async () => {
    const leo = `${PREFIX}api/v1/leo/weekly/card.json`;
    holding = new Set([leo]);
    try {
      const opened = await open('<horoscope-card sign="leo"></horoscope-card>');
      await expect.poll(() => held.has(leo), { timeout: 60_000 }).toBe(true);
      // A partner's sign picker: the sign changes while Leo's answer is still on its way.
      await opened.evaluate("document.querySelector('horoscope-card').setAttribute('sign', 'virgo')");
      await rendered(opened, 1);
      expect((await views(opened))[0]!.text).toMatch(/Virgo weekly horoscope/);
      held.get(leo)!();
      await expect
        .poll(() =>
          opened.evaluate(
            "performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/leo/') && entry.responseEnd > 0).length",
          ),
        )
        .toBe(1);
      await opened.waitForTimeout(300);
      expect((await views(opened))[0]!.text).toMatch(/Virgo weekly horoscope/);
      await opened.context().close();
    } finally {
      holding = new Set();
      held.clear();
    }
  });

  it('never lets an earlier request that fails late replace the later card', async () => {
    const leo = `${PREFIX}api/v1/leo/weekly/card.json`;
    holding = new Set([leo]);
    failing = new Set([leo]);
    try {
      const opened = await open('<horoscope-card sign="leo"></horoscope-card>');
      await expect.poll(() => held.has(leo), { timeout: 60_000 }).toBe(true);
      await opened.evaluate("document.querySelector('horoscope-card').setAttribute('sign', 'virgo')");
      await rendered(opened, 1);
      // Leo's answer now comes, a 500: the card still shows Virgo, not the plain link of a failure.
      held.get(leo)!();
      await expect
        .poll(() =>
          opened.evaluate(
            "performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/leo/') && entry.responseEnd > 0).length",
          ),
        )
        .toBe(1);
      await opened.waitForTimeout(300);
      expect((await views(opened))[0]!.text).toMatch(/Virgo weekly horoscope/);
      await opened.context().close();
    } finally {
      holding = new Set();
      failing = new Set();
      held.clear();
    }
  });

  it('shows the unknown-value state at once, with no request, for a typo or an Object.prototype key', async () => {
    const opened = await open('<horoscope-card sign="leo"></horoscope-card>');
    await rendered(opened, 1);
    const before = requests.length;
    for (const [name, value] of [
      ['sign', 'leon'],
      ['kind', 'daily'],
      ['lang', '__proto__'],
      ['lang', 'constructor'],
      ['lang', 'toString'],
    ]) {
      const text = await opened.evaluate(`(async () => {
        const card = document.querySelector('horoscope-card');
        card.setAttribute('sign', 'leo');
        card.setAttribute('kind', 'weekly');
        card.setAttribute('lang', 'en');
        card.setAttribute(${JSON.stringify(name)}, ${JSON.stringify(value)});
        await Promise.resolve();
        return card.shadowRoot.textContent;
      })()`);
      expect(text, `${name}="${value}"`).toMatch(/unknown/);
    }
    await opened.waitForTimeout(300);
    expect(requests.slice(before)).toEqual([]);
    await opened.context().close();
  });

  it('shows a plain link to the site, and nothing technical, when the API does not answer', async () => {
    failing = new Set([`${PREFIX}es/api/v1/leo/yearly/card.json`]);
    try {
      const opened = await open('<horoscope-card sign="leo" kind="yearly" lang="es"></horoscope-card>');
      await expect
        .poll(async () => (await views(opened))[0]!.links, { timeout: 60_000 })
        .toEqual([`${origin}${PREFIX}es/`]);
      expect((await views(opened))[0]!.text).toBe(SITE_TITLE);
      await opened.context().close();
    } finally {
      failing = new Set();
    }
  });
});
