// The check of what a site of several languages wrote: reciprocal hreflang clusters, valid tags, one line naming the page.
import { describe, expect, it } from 'vitest';
import { alternatesProblem, readAlternates } from '../../src/cli/check-alternates.ts';

const O = 'https://s.example';

/** A written page: its canonical URL and its hreflang links (`tag url`). */
function page(file: string, canonical: string, alternates: string[]) {
  const links = alternates.map((a) => a.split(' ')).map(([tag, href]) => `<link rel="alternate" hreflang="${tag}" href="${href}">`);
  return readAlternates(file, `<html><head><link rel="canonical" href="${canonical}">\n${links.join('\n')}\n</head><body></body></html>`);
}

const cluster = [`en ${O}/leo/`, `es ${O}/es/leo/`, `x-default ${O}/leo/`];

describe('alternatesProblem', () => {
  it('accepts reciprocal clusters and pages without one', () => {
    expect(alternatesProblem([page('leo/index.html', `${O}/leo/`, cluster), page('es/leo/index.html', `${O}/es/leo/`, cluster), page('a/index.html', `${O}/a/`, [])])).toBeUndefined();
  });

  it('names the page whose translation does not name it back', () => {
    const lonely = [page('leo/index.html', `${O}/leo/`, cluster), page('es/leo/index.html', `${O}/es/leo/`, [`es ${O}/es/leo/`])];
    expect(alternatesProblem(lonely)).toBe('leo/index.html: its hreflang cluster is not reciprocal: es/leo/index.html names another set of translations');
  });

  it('names the page that links a translation the build did not write', () => {
    expect(alternatesProblem([page('leo/index.html', `${O}/leo/`, cluster)])).toBe(`leo/index.html: its hreflang es names ${O}/es/leo/, which the build did not write`);
  });

  it('names the page with a tag that is not BCP 47', () => {
    const bad = [`en ${O}/leo/`, `es_ES ${O}/es/leo/`];
    expect(alternatesProblem([page('leo/index.html', `${O}/leo/`, bad)])).toBe('leo/index.html: hreflang "es_ES" is not a valid BCP 47 language tag');
  });
});
