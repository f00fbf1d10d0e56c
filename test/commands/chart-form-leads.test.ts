// The chart's signs and where to read on, as the chart form's Worker prints them (in workerd, against the sample
// service on a loopback port), for a site whose words and sign names carry markup characters: printed as the text
// they are, read alike on the Worker's page and the static chart page; and the links' addresses as form.json has them.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChildNode, Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type LocalWorker } from '../../src/cli/chart-form-worker.ts';
import { startSampleService, type SampleService } from '../../src/sample-service/server.ts';
import { FORM_SITE, formClient, resultOf, useFormWorkerHooks } from '../helpers/form-worker.ts';
import { FIXTURE_CONTENT } from '../helpers/project-copy.ts';
import { copyOfBuiltSite } from '../helpers/shared-sites.ts';

const ACCOUNT = { ASTRO_API_USERNAME: 'marked-owner', ASTRO_API_PASSWORD: 'marked-secret-3' };

/** The owner's words in content/i18n/en.json, ICU as written: a quoted '<b>' is the text <b>. */
const WORDS = {
  leadsHeading: `Sun, Moon & "rising" '<b>'signs'</b>'`,
  cancer: `Cancer '<i>'& "crab"`,
  taurus: `Taurus '<'3`,
  leo: `Leo '<script>'alert(1)'</script>'`,
};

let project = '';
let service: SampleService;
let worker: LocalWorker;

beforeAll(async () => {
  const words = JSON.parse(readFileSync(path.join(FIXTURE_CONTENT, 'i18n/en.json'), 'utf8'));
  words.chart.leadsHeading = WORDS.leadsHeading;
  for (const sign of ['cancer', 'taurus', 'leo'] as const) words.signs[sign].name = WORDS[sign];
  // A copy of the file's own: the Spanish form's data is rewritten below.
  project = await copyOfBuiltSite('site', { ...FORM_SITE, files: { 'content/i18n/en.json': JSON.stringify(words) } });
  // The Spanish form's data with addresses no build writes (the site's are plain paths), each character the Worker
  // must escape in an attribute; read by the Worker at the first Spanish request.
  const formFile = path.join(project, 'dist/es/charts/yours/form.json');
  const form = JSON.parse(readFileSync(formFile, 'utf8'));
  form.current.weekly[3] = { url: '/es/weekly/?a=1&b="x"&c=\'y\'<z>', title: 'Cáncer, esta semana' };
  writeFileSync(formFile, JSON.stringify(form));
  service = await startSampleService({ username: ACCOUNT.ASTRO_API_USERNAME, password: ACCOUNT.ASTRO_API_PASSWORD });
  worker = await startWorker({ dist: path.join(project, 'dist'), secrets: { ASTRO_API_URL: service.url, ...ACCOUNT } });
}, 240_000);
useFormWorkerHooks(() => ({ worker, service, project }));

/** The leads' section of a page, its markup as written. */
function sectionOf(html: string): string {
  return /<section class="chart-leads"[\s\S]*?<\/section>/.exec(html)![0];
}

/** What a browser reads of the section: its heading, each sign's line and its links (address, text), and its elements. */
function leadsOf(section: string) {
  const root = parseDocument(section).children;
  const text = (nodes: ChildNode[]) =>
    nodes
      .filter((node) => node.type === 'text')
      .map((node) => DomUtils.textContent(node))
      .join('')
      .trim();
  const items = DomUtils.findOne((el) => el.name === 'ul', root)!.children.filter(
    (node): node is Element => node.type === 'tag',
  );
  return {
    heading: DomUtils.textContent(DomUtils.findOne((el) => el.name === 'h2', root)!),
    items: items.map((li) => ({
      label: text(li.children),
      links: DomUtils.findAll((el) => el.name === 'a', li.children).map((a) => [
        a.attribs.href,
        DomUtils.textContent(a),
      ]),
    })),
    elements: [...new Set(DomUtils.findAll(() => true, root).map((el) => el.name))].sort(),
  };
}

describe("the chart form Worker's leads", () => {
  it("prints the site's words and sign names as text, as the static chart page reads them", async () => {
    const { post, suggestions } = formClient(worker);
    // test/fixtures/site/content/charts/frida-kahlo.md: Sun in Cancer, Moon in Taurus, Leo rising.
    const [place] = await suggestions('/charts/yours/', 'Mexico City');
    const response = await post('/charts/yours/', {
      date: '1907-07-06',
      time: '08:30',
      q: 'Mexico City',
      place: place!.token,
    });
    expect(response.status).toBe(200);
    const section = sectionOf(resultOf(await response.text()));
    // Every ampersand written is a character reference: an address's own is not left for the browser to guess.
    expect(section).not.toMatch(/&(?!#\d+;|#x[\da-f]+;|[a-z]+;)/i);
    expect(leadsOf(section)).toEqual({
      heading: 'Sun, Moon & "rising" <b>signs</b>',
      items: [
        {
          label: 'Sun sign: Cancer <i>& "crab"',
          links: [
            [
              '/weekly/2026-w47/cancer/',
              expect.stringMatching(/^Cancer <i>& "crab" weekly horoscope, November 16\s?–\s?22, 2026$/),
            ],
            ['/monthly/2026-11/cancer/', 'Cancer <i>& "crab" monthly horoscope, November 2026'],
          ],
        },
        { label: 'Moon sign: Taurus <3', links: [] },
        {
          label: 'Rising sign: Leo <script>alert(1)</script>',
          links: [['/ascendant/2026/leo/', 'Leo <script>alert(1)</script> ascendant yearly horoscope, 2026']],
        },
      ],
      elements: ['a', 'h2', 'li', 'section', 'ul'],
    });
    const own = sectionOf(readFileSync(path.join(project, 'dist/charts/frida-kahlo/index.html'), 'utf8'));
    expect(leadsOf(section)).toEqual(leadsOf(own));
  });

  it('prints the addresses of form.json in their attribute as written', async () => {
    const { post, suggestions } = formClient(worker);
    const [place] = await suggestions('/es/charts/yours/', 'Mexico City');
    const response = await post('/es/charts/yours/', {
      date: '1907-07-06',
      time: '08:30',
      q: 'Mexico City',
      place: place!.token,
    });
    expect(response.status).toBe(200);
    const section = sectionOf(resultOf(await response.text()));
    expect(section).not.toMatch(/&(?!#\d+;|#x[\da-f]+;|[a-z]+;)/i);
    expect(leadsOf(section).items[0]!.links[0]).toEqual(['/es/weekly/?a=1&b="x"&c=\'y\'<z>', 'Cáncer, esta semana']);
    expect(leadsOf(section).elements).toEqual(['a', 'h2', 'li', 'section', 'ul']);
  });
});
