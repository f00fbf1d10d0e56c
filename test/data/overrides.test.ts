import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyOverride, readOverrides } from '../../src/data/overrides.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'overrides-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function put(relative: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir, relative)), { recursive: true });
  await writeFile(path.join(dir, relative), text);
}

describe('readOverrides', () => {
  it('refuses an override that links to a file outside its folder, which would be published', async () => {
    const overrides = path.join(dir, 'overrides');
    await put('secret.md', 'Not for publishing\n');
    await mkdir(path.join(overrides, 'weekly', '2026-w47'), { recursive: true });
    await symlink(path.join(dir, 'secret.md'), path.join(overrides, 'weekly', '2026-w47', 'leo.md'));
    await expect(readOverrides(overrides)).rejects.toThrow(
      'content/overrides/weekly/2026-w47/leo.md: is (or links to) a file outside content/overrides; put the file itself in content/overrides',
    );
  });

  it('reads {kind}/{period}/{sign}.md with field and mode, rendered and sanitized; README and dot-files are skipped', async () => {
    await put('weekly/2026-w47/leo.md', '---\nfield: intro\nmode: prepend\n---\n**Hello** <script>alert(1)</script>\n');
    await put('ascendant/2026/pisces.md', 'Just text.\n');
    await put('README.md', '# Notes\n');
    await put('weekly/.DS_Store', 'junk');
    const overrides = await readOverrides(dir);
    expect(overrides).toEqual([
      {
        kind: 'ascendantYearly',
        periodKey: '2026',
        sign: 'pisces',
        field: 'text',
        mode: 'replace',
        html: '<p>Just text.</p>\n',
        file: 'content/overrides/ascendant/2026/pisces.md',
      },
      {
        kind: 'weekly',
        periodKey: '2026-w47',
        sign: 'leo',
        field: 'intro',
        mode: 'prepend',
        html: expect.stringContaining('<strong>Hello</strong>') as string,
        file: 'content/overrides/weekly/2026-w47/leo.md',
      },
    ]);
    expect(overrides[1]!.html).not.toContain('script');
  });

  it.each([
    ['svg', 'An icon <svg viewBox="0 0 10 10"> here.\n\nThe rest of the text.\n'],
    ['style', 'Text.\n\n<style>\n\nThe rest of the text.\n'],
    ['textarea', 'Text <textarea> and the rest.\n'],
  ])(
    'refuses an override whose <%s> is never closed, which would drop the text after it, in one line naming the file',
    async (element, body) => {
      await put('weekly/2026-w47/leo.md', body);
      await expect(readOverrides(dir)).rejects.toThrow(
        `content/overrides/weekly/2026-w47/leo.md: <${element}> is never closed, so the text after it would be dropped with it: close it with </${element}>, or remove it`,
      );
    },
  );

  it('drops a closed <svg> or <style> alone, keeping the text around it', async () => {
    await put(
      'weekly/2026-w47/leo.md',
      'Before <svg viewBox="0 0 10 10"><circle r="5"/></svg> after.\n\n<style>p { color: red }</style>\n\nThe rest.\n',
    );
    const [override] = await readOverrides(dir);
    expect(override!.html).toBe('<p>Before  after.</p>\n\n<p>The rest.</p>\n');
  });

  it('a missing folder means no overrides', async () => {
    expect(await readOverrides(path.join(dir, 'nope'))).toEqual([]);
  });

  it.each([
    ['daily/2026-w47/leo.md', /content\/overrides\/daily\/2026-w47\/leo\.md: unknown kind "daily"/],
    ['weekly/2026-47/leo.md', /weekly\/2026-47\/leo\.md: unknown period "2026-47" is not a week/],
    ['weekly/2026-w54/leo.md', /2026 has no week 54/],
    ['monthly/2026-13/leo.md', /unknown period "2026-13" is not a month/],
    ['yearly/26/leo.md', /unknown period "26" is not a year/],
    ['weekly/2026-w47/lion.md', /weekly\/2026-w47\/lion\.md: unknown sign "lion"/],
    ['weekly/leo.md', /weekly\/leo\.md: an override must be at \{kind\}\/\{period\}\/\{sign\}\.md/],
    ['weekly/2026-w47/leo.txt', /leo\.txt: an override must be at/],
  ])('a bad path %s fails the build naming the file', async (relative, message) => {
    await put(relative, 'Text\n');
    await expect(readOverrides(dir)).rejects.toThrow(message);
  });

  it('rejects an unknown field or mode and an empty body, naming the file', async () => {
    await put('weekly/2026-w47/leo.md', '---\nfield: title\n---\nText\n');
    await expect(readOverrides(dir)).rejects.toThrow(/leo\.md: field: must be "intro" or "text"/);
    await put('weekly/2026-w47/leo.md', '---\nmode: merge\n---\nText\n');
    await expect(readOverrides(dir)).rejects.toThrow(/leo\.md: mode: must be "replace", "append" or "prepend"/);
    await put('weekly/2026-w47/leo.md', '---\nmode: append\n---\n\n');
    await expect(readOverrides(dir)).rejects.toThrow(/leo\.md: has no text/);
  });
});

describe('applyOverride', () => {
  it('replaces, appends or prepends', () => {
    expect(applyOverride('<p>a</p>', { mode: 'replace', html: '<p>b</p>' })).toBe('<p>b</p>');
    expect(applyOverride('<p>a</p>', { mode: 'append', html: '<p>b</p>' })).toBe('<p>a</p>\n<p>b</p>');
    expect(applyOverride('<p>a</p>', { mode: 'prepend', html: '<p>b</p>' })).toBe('<p>b</p>\n<p>a</p>');
  });
});
