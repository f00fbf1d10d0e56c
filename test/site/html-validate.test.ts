// html-validate (html-validate:standard) over every built HTML page, through its Node API.
// https://html-validate.org/dev/using-api.html
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { readBuiltSite } from './helpers/built-site.ts';
import { testSite } from './helpers/test-sites.ts';

const site = readBuiltSite((await testSite()).dist);

// No rule is disabled: the pages pass the whole preset. If one ever has to be, disable just that rule here with
// the reason next to it.
const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

describe('html-validate over every built page', () => {
  it('the validator is live (a broken page fails), so a clean result below means something', async () => {
    const report = await validator.validateString(
      '<!doctype html><html lang="en"><head><title>x</title></head><body><p style="x"><div></p></body></html>',
      'probe.html',
    );
    expect(report.valid).toBe(false);
  });

  it('finds no error or warning on any page', async () => {
    expect(site.html.size).toBeGreaterThan(200);
    // The framed card's pages too (one sign's, all from one template), and the API's page.
    const embeds = [...site.embeds].filter(([file]) => file.startsWith('embed/leo/'));
    expect(embeds).toHaveLength(4);
    expect(site.apiPages.size).toBe(1);
    const problems: string[] = [];
    for (const [file, text] of [...site.html, ...embeds, ...site.apiPages]) {
      const report = await validator.validateString(text, file);
      for (const result of report.results) {
        for (const m of result.messages) problems.push(`${file}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
      }
    }
    expect(problems, problems.slice(0, 30).join('\n')).toEqual([]);
  });
});
