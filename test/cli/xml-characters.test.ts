// Characters XML 1.0 forbids must never reach a feed, written raw or as numeric references in the service's text
// or an editor's: a strict XML parser rejects the whole feed. Built through `npm run build` from a service whose
// every report carries each of them, with an editor's override carrying them too.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGN_SLUGS } from '../../src/data/signs.ts';
import { CURRENT_PERIODS, runScript, useProjectAndService } from '../helpers/project-copy.ts';
import { parseXml } from '../../src/cli/xml.ts';

const credentials = { username: 'owner', password: 'xml-secret' };
const context = useProjectAndService(credentials, { periods: CURRENT_PERIODS });
const REFERENCES = 'a&#1;b&#x0B;c&#x1F;d&#xFFFE;e&#xFFFF;f';
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

describe('characters XML forbids', () => {
  it('are left out of every feed, the sitemap and every page head, from reports and editors alike', async () => {
    context.service.setFaults({
      transformReport: (entry) => ({ ...entry, intro: `<p>${REFERENCES} \u0001raw</p>${entry.intro}`, text: `${entry.text}<p>${REFERENCES}</p>` }),
    });
    const override = path.join(context.project, 'content/overrides/weekly/2026-w47/aries.md');
    mkdirSync(path.dirname(override), { recursive: true });
    writeFileSync(override, `---\nfield: intro\nmode: prepend\n---\nEditors: ${REFERENCES}\n`);
    const run = await runScript(context.project, 'build.ts', {
      ASTRO_API_URL: context.service.url,
      ASTRO_API_USERNAME: credentials.username,
      ASTRO_API_PASSWORD: credentials.password,
      ASTRO_BUILD_DATE: '2026-11-22',
    }).done;
    expect(run.code, run.stderr).toBe(0);
    const dist = path.join(context.project, 'dist');
    for (const slug of SIGN_SLUGS) {
      const feed = readFileSync(path.join(dist, slug, 'feed.xml'), 'utf8');
      expect(() => parseXml(feed), `${slug}/feed.xml`).not.toThrow();
      // The text around them stays.
      expect(feed).toContain('abcdef');
    }
    expect(() => parseXml(readFileSync(path.join(dist, 'sitemap.xml'), 'utf8'))).not.toThrow();
    const aries = readFileSync(path.join(dist, 'weekly/2026-w47/aries/index.html'), 'utf8');
    // Markdown turns an editor's reference to a character that is not allowed into U+FFFD, as CommonMark says
    // (https://spec.commonmark.org/0.31.2/#decimal-numeric-character); the service's are left out.
    expect(aries).toContain('<meta name="description" content="Editors: a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf abcdef raw ');
    const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    for (const page of pages) expect(FORBIDDEN.test(readFileSync(path.join(dist, page), 'utf8')), page).toBe(false);
  }, 60_000);
});
