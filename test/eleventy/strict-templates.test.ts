// .eleventy.js hands Eleventy a strict Nunjucks environment: printing an undefined value, such as a misspelt
// variable, fails the build and names the template, where Nunjucks would otherwise print nothing. Built with the
// project's own configuration, from templates in a temp folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/cli/describe-failure.ts';
import { newEleventy } from '../../src/eleventy/new-eleventy.ts';

const configPath = path.resolve(import.meta.dirname, '../../.eleventy.js');
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strict-templates-'));
  fs.mkdirSync(path.join(dir, 'templates'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Builds one template with the project's configuration; resolves to its output, or rejects with Eleventy's error. */
async function build(body: string): Promise<string> {
  const source = `---\npermalink: /page.html\nsign:\n  name: Leo\n---\n${body}`;
  fs.writeFileSync(path.join(dir, 'templates', 'sign-page.njk'), source);
  await newEleventy(path.join(dir, 'templates'), path.join(dir, 'dist'), { quietMode: true, configPath }).write();
  return fs.readFileSync(path.join(dir, 'dist', 'page.html'), 'utf8');
}

/** The messages of an error and of the errors it wraps (Eleventy wraps a template's error in its own). */
function messages(error: unknown): string {
  const found: string[] = [];
  for (let e = error as (Error & { cause?: unknown; originalError?: unknown }) | undefined; e;) {
    found.push(e.message);
    e = (e.originalError ?? e.cause) as typeof e;
  }
  return found.join('\n');
}

async function failure(body: string): Promise<unknown> {
  try {
    await build(body);
  } catch (error) {
    return error;
  }
  throw new Error('the build succeeded');
}

describe('the Nunjucks environment of .eleventy.js', () => {
  it('fails the build on a misspelt variable, with a message naming the template', async () => {
    const error = await failure('<h1>{{ sign.naem }}</h1>\n');
    // The one line `npm run build` prints (scripts/build.ts).
    expect(describeFailure(error)).toContain('sign-page.njk');
    expect(messages(error)).toContain('attempted to output null or undefined value');
  });

  it('prints defined values, and optional ones guarded with `is defined`, `if` or `default`', async () => {
    const body = [
      '<h1>{{ sign.name }}</h1>',
      '{% if sign.motto is defined %}<p>{{ sign.motto }}</p>{% endif %}',
      '{% if sign.motto %}<p>{{ sign.motto }}</p>{% endif %}',
      "<p>{{ sign.motto | default('none') }}</p>\n",
    ].join('\n');
    expect(await build(body)).toBe('<h1>Leo</h1>\n\n\n<p>none</p>\n');
  });

  it("keeps a filter's own message in the error (Eleventy's `dev: true`, which the strict options must repeat)", async () => {
    const error = await failure("<p>{{ 'missing.css' | assetUrl }}</p>\n");
    expect(messages(error)).toContain('assetUrl("missing.css"): no such file in');
  });
});
