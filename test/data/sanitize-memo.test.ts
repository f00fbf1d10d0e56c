import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SANITIZE_MEMO_FOLDER, SanitizeMemo } from '../../src/data/sanitize-memo.ts';
import {
  isPolicyOutput,
  policyFingerprint,
  sanitizeEditorHtml,
  sanitizeReportHtml,
  setSanitizedHtmlMemo,
} from '../../src/data/sanitize.ts';
import { XSS_VECTORS } from '../fixtures/xss-vectors.ts';

const SAMPLE = '<h1>Week</h1><p>The <em>Moon</em> &amp; <a href="https://example.com/?a=1&b=2">Venus</a></p><ul><li>one<br>two</li></ul>';

describe('isPolicyOutput', () => {
  it('accepts everything the policy writes, so remembered results are used', () => {
    for (const { name, html } of [...XSS_VECTORS, { name: 'sample', html: SAMPLE }]) {
      expect(isPolicyOutput(sanitizeReportHtml(html), 'report'), name).toBe(true);
      expect(isPolicyOutput(sanitizeEditorHtml(html), 'editor'), name).toBe(true);
    }
    expect(isPolicyOutput(sanitizeEditorHtml('<a href="/aries/">Aries</a>'), 'editor')).toBe(true);
  });

  it.each([
    ['a script', '<p>x</p><script>alert(1)</script>'],
    ['an event handler', '<p onclick="alert(1)">x</p>'],
    ['a tag outside the allow-list', '<img src=x onerror=alert(1)>'],
    ['a javascript: link', '<a href="javascript:alert(1)" rel="noopener noreferrer">x</a>'],
    ['a link hidden in an entity', '<a href="&#106;avascript:alert(1)" rel="noopener noreferrer">x</a>'],
    ['a link without our rel', '<a href="https://example.com/">x</a>'],
    ['an extra attribute', '<a href="https://example.com/" rel="noopener noreferrer" target="_blank">x</a>'],
    ['a raw > in text', '<p>a > b</p>'],
    ['a comment', '<p>x</p><!-- y -->'],
    ['an unclosed element', '<blockquote><p>x</p>'],
    ['a stray closing tag', '</p><p>x</p>'],
    ['crossed elements', '<p><em>x</p></em>'],
    ['a NUL', '<p>x\u0000y</p>'],
    ['another spelling of br', '<p>x<br>y</p>'],
    ['a relative link in service text', '<a href="/aries/" rel="noopener noreferrer">x</a>'],
    ['a tag inside a tag', '<p<p>x</p>'],
    ['a raw > after the last tag', '<p>x</p>>'],
    ['a tag left open at the end', '<p>x</p><'],
    ['a rel written twice', '<a href="https://example.com/" rel="noopener noreferrer" rel="noopener noreferrer">x</a>'],
    ['a < in an href', '<a href="https://example.com/<p>" rel="noopener noreferrer">x</a>'],
    ['a closing link with no link open', '<p>x</a></p>'],
  ])('refuses %s', (_name, html) => {
    expect(isPolicyOutput(html, 'report')).toBe(false);
  });
});

describe('SanitizeMemo', () => {
  let cacheDir: string;
  beforeEach(() => {
    cacheDir = mkdtempSync(path.join(tmpdir(), 'sanitize-memo-'));
  });
  afterEach(() => {
    setSanitizedHtmlMemo(undefined);
    rmSync(cacheDir, { recursive: true, force: true });
  });

  async function withMemo<T>(fn: () => T): Promise<{ memo: SanitizeMemo; result: T }> {
    const memo = await SanitizeMemo.open(cacheDir);
    const previous = setSanitizedHtmlMemo(memo);
    try {
      const result = fn();
      expect(await memo.save()).toBeUndefined();
      return { memo, result };
    } finally {
      setSanitizedHtmlMemo(previous);
    }
  }

  const memoFile = () => path.join(cacheDir, SANITIZE_MEMO_FOLDER, `${policyFingerprint()}.json`);

  it('remembers results across builds and gives the same output from them', async () => {
    const expected = [sanitizeReportHtml(SAMPLE), sanitizeEditorHtml(SAMPLE)];
    const first = await withMemo(() => [sanitizeReportHtml(SAMPLE), sanitizeEditorHtml(SAMPLE)]);
    expect(first.result).toEqual(expected);
    expect(first.memo.stats).toEqual({ hits: 0, misses: 2, rejected: 0 });

    const second = await withMemo(() => [sanitizeReportHtml(SAMPLE), sanitizeEditorHtml(SAMPLE)]);
    expect(second.result).toEqual(expected);
    expect(second.memo.stats).toEqual({ hits: 2, misses: 0, rejected: 0 });
    // Keyed by the exact input: another text is sanitized, not looked up.
    const third = await withMemo(() => sanitizeReportHtml(`${SAMPLE} `));
    expect(third.memo.stats.misses).toBe(1);
  });

  it('holds only sanitized text and keeps only what the last build used', async () => {
    await withMemo(() => [sanitizeReportHtml('<p>old</p><script>secret()</script>'), sanitizeReportHtml(SAMPLE)]);
    await withMemo(() => sanitizeReportHtml(SAMPLE));
    const stored = Object.values(JSON.parse(readFileSync(memoFile(), 'utf8')) as Record<string, string>);
    expect(stored).toEqual([sanitizeReportHtml(SAMPLE)]);
    expect(JSON.stringify(stored)).not.toContain('script');
  });

  it('never serves a tampered entry: it sanitizes again and rewrites the memo', async () => {
    await withMemo(() => sanitizeReportHtml(SAMPLE));
    const file = memoFile();
    const tampered = Object.fromEntries(
      Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object).map((key) => [key, '<p>x</p><script>alert(1)</script>']),
    );
    writeFileSync(file, JSON.stringify(tampered));

    const run = await withMemo(() => sanitizeReportHtml(SAMPLE));
    expect(run.result).toBe(sanitizeReportHtml(SAMPLE));
    expect(run.memo.stats).toEqual({ hits: 0, misses: 1, rejected: 1 });
    expect(readFileSync(file, 'utf8')).not.toContain('script');
  });

  it('ignores a damaged file and removes the memos of other policies', async () => {
    const dir = path.join(cacheDir, SANITIZE_MEMO_FOLDER);
    mkdirSync(dir, { recursive: true });
    writeFileSync(memoFile(), '{ not json');
    writeFileSync(path.join(dir, '000000000000000000000000.json'), '{}');
    const run = await withMemo(() => sanitizeReportHtml(SAMPLE));
    expect(run.result).toBe(sanitizeReportHtml(SAMPLE));
    expect(readdirSync(dir)).toEqual([path.basename(memoFile())]);
  });

  it('does not rewrite an unchanged memo', async () => {
    await withMemo(() => sanitizeReportHtml(SAMPLE));
    writeFileSync(memoFile(), readFileSync(memoFile(), 'utf8').replace(/^\{/, '{ '));
    await withMemo(() => sanitizeReportHtml(SAMPLE));
    expect(readFileSync(memoFile(), 'utf8').startsWith('{ ')).toBe(true);
  });

  it('still uses a memo an earlier version wrote (ASCII with \\u escapes, keys of createHash)', async () => {
    const text = '<p>Semaine du 16 – 22 novembre : Bélier ♈ 🌕</p>';
    const key = `r${createHash('sha256').update(text).digest('base64url')}`;
    mkdirSync(path.dirname(memoFile()), { recursive: true });
    writeFileSync(memoFile(), `{"${key}":"<p>Semaine du 16 \\u2013 22 novembre : B\\u00e9lier \\u2648 \\ud83c\\udf15</p>"}`);
    const run = await withMemo(() => sanitizeReportHtml(text));
    expect(run.result).toBe(text);
    expect(run.memo.stats).toEqual({ hits: 1, misses: 0, rejected: 0 });
  });

  it('treats an entry that is not a string as a tampered one', async () => {
    await withMemo(() => sanitizeReportHtml(SAMPLE));
    const [key] = Object.keys(JSON.parse(readFileSync(memoFile(), 'utf8')) as object);
    writeFileSync(memoFile(), JSON.stringify({ [key!]: ['<p>x</p>'] }));
    const run = await withMemo(() => sanitizeReportHtml(SAMPLE));
    expect(run.result).toBe(sanitizeReportHtml(SAMPLE));
    expect(run.memo.stats).toEqual({ hits: 0, misses: 1, rejected: 1 });
  });

  it('has a fingerprint that names this policy', () => {
    expect(policyFingerprint()).toMatch(/^[0-9a-f]{24}$/);
  });
});
