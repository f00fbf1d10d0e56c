// An incremental build must publish exactly what a full build publishes. One project goes through a sequence of
// states a site of one language lives through (days, weeks, a month, a year with a week 53, a revised report,
// editors' edits, a template, the stylesheet, the theme, the words, the title, the url, analytics, a dependency,
// the page dates lost); after each, a build that reuses the last one's output and a `--full` build of the same
// state are compared file for file, byte for byte (test/helpers/incremental-pair.ts). A second language and its
// files: incremental-languages.test.ts.
import { rmSync } from 'node:fs';
import { describe, it } from 'vitest';
import { cacheNamespace } from '../../src/data/response-cache.ts';
import { useIncrementalPair, type State } from '../helpers/incremental-pair.ts';

const { context, setDate, walk, inBoth, edit, write, append, remove, override } = useIncrementalPair({ username: 'owner', password: 'incremental-secret' });

const STATES: State[] = [
  { name: 'the first build', change: () => {}, reuses: false },
  { name: 'the next day, in the same week', change: () => setDate('2026-11-24'), reuses: true, expect: 'kept' },
  { name: 'a new ISO week', change: () => setDate('2026-11-30'), reuses: true },
  { name: 'a new month', change: () => setDate('2026-12-01'), reuses: true },
  { name: 'week 53 of 2026', change: () => setDate('2026-12-28'), reuses: true },
  // Every page's footer names the year.
  { name: 'week 1 of 2027, a new year', change: () => setDate('2027-01-04'), reuses: false },
  { name: 'a revised report text', change: () => context.service.setFaults({ revise: { kind: 'monthly', year: 2027, month: 1, signId: 4 } }), reuses: true },
  { name: 'an override added', change: write('content/overrides/weekly/2027-w01/leo.md', override('append', 'From the editors.')), reuses: true },
  { name: 'an override changed', change: write('content/overrides/weekly/2027-w01/leo.md', override('prepend', 'Editors again.')), reuses: true },
  { name: 'an override removed', change: remove('content/overrides/weekly/2027-w01/leo.md'), reuses: true },
  // An intro shows on its sign's hub, its period's hub and the home page too.
  { name: "an override of a report's intro", change: write('content/overrides/weekly/2027-w01/virgo.md', '---\nfield: intro\n---\nA new week for [Virgo](/virgo/).\n'), reuses: true },
  { name: 'a chart added', change: write('content/charts/ada-lovelace.md', '---\nname: Ada Lovelace\ndate: 1815-12-10\ntime: "12:00"\nplace: London\n---\nA mathematician.\n'), reuses: true },
  { name: 'a static page edited', change: append('content/pages/about.md', '\nOne more line.\n'), reuses: true },
  // Every page's footer links the static pages by their titles.
  { name: "a static page's title changed", change: edit('content/pages/about.md', (t) => t.replace(/^title: .*$/m, 'title: About us')), reuses: false },
  { name: 'a template edited', change: edit('templates/_layouts/report.njk', (t) => t.replace('</article>', '<p>Edited.</p></article>')), reuses: false },
  { name: 'the stylesheet edited', change: append('templates/assets/site.css', '\n.edited { color: red; }\n'), reuses: false },
  // Every page links the theme, and the share images take its colours.
  { name: "the owner's theme edited", change: edit('content/theme.css', (t) => t.replace('--accent: #5b3fa8;', '--accent: #b3261e;')), reuses: false },
  // The search page's words too: its data attributes, which its script shows, and its date in the sitemap.
  { name: 'a message file edited', change: edit('content/i18n/en.json', (t) => t.replace('"Home"', '"Start"').replace('"Pages found"', '"Results"')), reuses: false },
  { name: "site.json's title changed", change: edit('content/site.json', (t) => t.replace('Starlight Horoscopes', 'Moonlight Horoscopes')), reuses: false },
  // Every URL moves under the path, the editors' links too (the override's above).
  { name: "site.json's url given a path", change: edit('content/site.json', (t) => t.replace('"https://horoscopes.example.com"', '"https://example.github.io/horoscopes/"')), reuses: false },
  { name: 'a period leaving the window', change: edit('content/site.json', (t) => t.replace('"weekly": { "past": 2', '"weekly": { "past": 1')), reuses: false },
  // Every page gains the analytics tag, and the pages' policy its sources.
  { name: 'analytics switched on', change: edit('content/site.json', (t) => t.replace('"language": "en"', '"language": "en",\n  "analytics": { "provider": "goatcounter", "code": "starlight" }')), reuses: false },
  { name: 'nothing changed', change: () => {}, reuses: true, expect: 'kept' },
  // A cold history dates the charts and editors' pages from today: their lastmod in the sitemap changes.
  { name: 'the page dates lost', change: inBoth((file) => rmSync(file(`.cache/${cacheNamespace(context.service.url)}/page-dates.json`))), reuses: true },
  { name: 'a dependency version changed', change: edit('package-lock.json', (t) => t.replace('"version": "0.1.0"', '"version": "0.1.1"')), reuses: false },
];

describe('an incremental build', () => {
  it('publishes, after every change, byte for byte what a full build publishes', () => walk(STATES), 600_000);
});
