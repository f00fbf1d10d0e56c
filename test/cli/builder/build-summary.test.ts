// The build's summary, in the log and on the CI job's page: a site under a path is told, in one line, that its
// robots.txt is one crawlers never read.
import { describe, expect, it } from 'vitest';
import { addressNotes, formatSummary, markdownSummary } from '../../../src/cli/builder/build-summary.ts';
import type { BuildSummary } from '../../../src/cli/builder/build-summary.ts';

const SUMMARY: BuildSummary = {
  requests: 5,
  retries: 0,
  reauths: 0,
  fromCache: 0,
  stale: [],
  pages: 76,
  rendered: 76,
  reused: 0,
  seconds: 3.2,
};
const ROBOTS_LINE =
  'https://you.github.io/horoscopes/robots.txt is not read by crawlers, which read only https://you.github.io/robots.txt: see "robots.txt under a path" in docs/deployment.md';

describe('the build summary', () => {
  it('says once, for a site under a path, that crawlers do not read its robots.txt, pointing to docs/deployment.md', () => {
    for (const url of ['https://you.github.io/horoscopes/', 'https://you.github.io/horoscopes'])
      expect(addressNotes(url)).toEqual([ROBOTS_LINE]);
    const lines = formatSummary(SUMMARY, 'https://you.github.io/horoscopes/').split('\n');
    expect(lines.filter((line) => line.includes('robots.txt'))).toEqual([`  note: ${ROBOTS_LINE}`]);
    const markdown = markdownSummary(SUMMARY, 'https://you.github.io/horoscopes/').split('\n');
    expect(markdown.filter((line) => line.includes('robots.txt'))).toEqual([`**Note:** ${ROBOTS_LINE}.`]);
  });

  it("says nothing of robots.txt for a site at its host's root", () => {
    for (const url of ['https://horoscopes.example.com', 'https://horoscopes.example.com/']) {
      expect(addressNotes(url)).toEqual([]);
      expect(formatSummary(SUMMARY, url)).not.toContain('robots.txt');
      expect(markdownSummary(SUMMARY, url)).not.toContain('robots.txt');
    }
    expect(formatSummary(SUMMARY, 'https://horoscopes.example.com').split('\n')).toHaveLength(3);
  });
});
