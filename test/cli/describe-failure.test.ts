// src/cli/describe-failure.ts: the one line a failed build ends with.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/cli/describe-failure.ts';
import { ConfigError } from '../../src/data/config.ts';
import { readOverrides } from '../../src/data/overrides.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('describeFailure', () => {
  it('joins a multi-line message into one line and redacts the password', () => {
    expect(describeFailure(new Error('first\n  second with s3cret'), { ASTRO_API_PASSWORD: 's3cret' })).toBe(
      'first second with [redacted]',
    );
  });

  it.each(['p', 'pass'])(
    'keeps a line readable with the short password %j, redacting it only where it stands',
    (password) => {
      const error = new ConfigError(
        'ASTRO_API_URL',
        `"ftp://site:${password}@api.example.com" must start with https:// or http://`,
      );
      expect(describeFailure(error, { ASTRO_API_PASSWORD: password })).toBe(
        'ASTRO_API_URL: "ftp://site:[redacted]@api.example.com" must start with https:// or http://',
      );
    },
  );

  it("names a template and the innermost error of Eleventy's chain, counting the pages instead of listing them", () => {
    // The shape of Eleventy 3's errors: writing → rendering (`originalError`) → Nunjucks (`cause`).
    const nunjucks = new Error(
      '(./templates/_layouts/report.njk) [Line 1, Column 47] attempted to output null or undefined value',
    );
    const rendering = Object.assign(new Error('Having trouble rendering njk template ./templates/report.njk'), {
      originalError: nunjucks,
    });
    const writing = new Error(
      'Having trouble writing to "/s/weekly/a/index.html", "/s/weekly/b/index.html", "/s/weekly/c/index.html" from "./templates/report.njk"',
      { cause: rendering },
    );
    expect(describeFailure(writing, {})).toBe(
      'Having trouble writing to 3 pages from "./templates/report.njk": (./templates/_layouts/report.njk) [Line 1, Column 47] attempted to output null or undefined value',
    );
  });

  it("leaves other messages' lists of quoted words as written: a misspelt override mode", async () => {
    const overrides = tempDir('describe-failure-');
    await mkdir(path.join(overrides, 'weekly/2026-w47'), { recursive: true });
    await writeFile(path.join(overrides, 'weekly/2026-w47/leo.md'), '---\nmode: apend\n---\nText\n');
    const error = await readOverrides(overrides).catch((e: unknown) => e);
    expect(describeFailure(error, {})).toBe(
      'content/overrides/weekly/2026-w47/leo.md: mode: must be "replace", "append" or "prepend"',
    );
  });

  it('says what a non-error value is', () => {
    expect(describeFailure('plain text', {})).toBe('plain text');
  });
});
