// Editors' per-report overrides: `content/overrides/{kind}/{period}/{sign}.md` replaces, or adds to, the intro or
// the text of one published report. The Markdown body is rendered and sanitized like service content
// (markdown-file.ts). The path says which report: a path that cannot name a report (unknown kind, a period key
// that is no real week/month/year, an unknown sign) fails the build naming the file, because a typo would
// otherwise be silently ignored and the editor would wonder why the page did not change. A well-formed path
// for a period that is not published (yet, or any more) is fine: the override simply waits or retires.
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ReportKind } from '../api/index.ts';
import { ConfigError } from './config.ts';
import { readMarkdownFile } from './markdown-file.ts';
import { isoWeeksInYear } from './periods.ts';
import { SIGN_SLUGS, type SignSlug } from './signs.ts';

const OVERRIDE_FIELDS = ['intro', 'text'] as const;
export type OverrideField = (typeof OVERRIDE_FIELDS)[number];
const OVERRIDE_MODES = ['replace', 'append', 'prepend'] as const;
type OverrideMode = (typeof OVERRIDE_MODES)[number];

const DEFAULTS = {
  /** How the folder is named in messages. */
  labelDir: 'content/overrides',
  field: 'text' as OverrideField,
  mode: 'replace' as OverrideMode,
};

/** URL segment → report kind; the same segments as the public URLs (site-model.ts KIND_SEGMENTS). */
const KIND_BY_SEGMENT: Readonly<Record<string, ReportKind>> = {
  weekly: 'weekly',
  monthly: 'monthly',
  yearly: 'yearly',
  ascendant: 'ascendantYearly',
};

/** Files that may sit in the folder without being overrides (editors' notes). */
const NOTE_FILES = new Set(['readme.md']);

export interface Override {
  kind: ReportKind;
  /** Period URL segment: `2026-w47`, `2026-11`, `2026`. */
  periodKey: string;
  sign: SignSlug;
  field: OverrideField;
  mode: OverrideMode;
  /** Rendered and sanitized HTML. */
  html: string;
  /** `content/overrides/weekly/2026-w47/leo.md`, for messages. */
  file: string;
}

const frontMatterSchema = z.strictObject({
  field: z.enum(OVERRIDE_FIELDS, { error: 'must be "intro" or "text"' }).optional(),
  mode: z.enum(OVERRIDE_MODES, { error: 'must be "replace", "append" or "prepend"' }).optional(),
});

/** Why `key` is not a period of `kind`, or undefined when it is one. */
function periodKeyProblem(kind: ReportKind, key: string): string | undefined {
  if (kind === 'weekly') {
    const m = /^(\d{4})-w(\d{2})$/.exec(key);
    if (!m) return `"${key}" is not a week; write it like 2026-w47`;
    const week = Number(m[2]);
    if (week < 1 || week > isoWeeksInYear(Number(m[1]))) return `"${key}": ${m[1]} has no week ${week}`;
    return undefined;
  }
  if (kind === 'monthly') {
    const m = /^(\d{4})-(\d{2})$/.exec(key);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return `"${key}" is not a month; write it like 2026-11`;
    return undefined;
  }
  return /^\d{4}$/.test(key) ? undefined : `"${key}" is not a year; write it like 2026`;
}

/** Parses one override file's location and content; `relative` uses `/` separators. */
function parseOverridePath(relative: string, label: string): { kind: ReportKind; periodKey: string; sign: SignSlug } {
  const parts = relative.split('/');
  if (parts.length !== 3 || !parts[2]!.endsWith('.md')) {
    throw new ConfigError(label, 'an override must be at {kind}/{period}/{sign}.md, e.g. weekly/2026-w47/leo.md');
  }
  const [segment, periodKey, fileName] = parts as [string, string, string];
  const kind = KIND_BY_SEGMENT[segment];
  if (!kind)
    throw new ConfigError(label, `unknown kind "${segment}" (use one of ${Object.keys(KIND_BY_SEGMENT).join(', ')})`);
  const problem = periodKeyProblem(kind, periodKey);
  if (problem) throw new ConfigError(label, `unknown period ${problem}`);
  const sign = fileName.slice(0, -3);
  if (!(SIGN_SLUGS as readonly string[]).includes(sign)) {
    throw new ConfigError(label, `unknown sign "${sign}" (use one of ${SIGN_SLUGS.join(', ')})`);
  }
  return { kind, periodKey, sign: sign as SignSlug };
}

/**
 * Reads every override under `dir` (a missing folder means none), but those in the top-level folders `skip` (the
 * overrides of the site's other languages: `content/overrides/es/…`). Root-relative links go under `pathPrefix`,
 * the path of the site's `url`.
 */
export async function readOverrides(
  dir: string,
  labelDir: string = DEFAULTS.labelDir,
  skip: readonly string[] = [],
  pathPrefix = '/',
): Promise<Override[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    // Links and other non-folders too: readMarkdownFile refuses, in one line, whatever is not a regular file inside.
    if (entry.isDirectory()) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (relative.split('/').some((part) => part.startsWith('.')) || skip.includes(relative.split('/')[0]!)) continue;
    if (!relative.includes('/') && NOTE_FILES.has(relative.toLowerCase())) continue;
    files.push(relative);
  }
  files.sort();
  const overrides = await Promise.all(
    files.map(async (relative): Promise<Override> => {
      const label = `${labelDir}/${relative}`;
      const where = parseOverridePath(relative, label);
      const { data, html } = await readMarkdownFile(dir, relative, labelDir, pathPrefix);
      const result = frontMatterSchema.safeParse(data);
      if (!result.success) {
        const issue = result.error.issues[0]!;
        const field = issue.path.join('.') || '(front matter)';
        throw new ConfigError(`${label}: ${field}`, issue.message);
      }
      if (html === '')
        throw new ConfigError(label, 'has no text below the front matter; write the text to show on the page');
      return {
        ...where,
        field: result.data.field ?? DEFAULTS.field,
        mode: result.data.mode ?? DEFAULTS.mode,
        html,
        file: label,
      };
    }),
  );
  return overrides;
}

/** The key the site model looks overrides up by. */
export function overrideKey(kind: ReportKind, periodKey: string, sign: string): string {
  return `${kind}/${periodKey}/${sign}`;
}

/** Applies an override to the service's (sanitized) HTML of its field. */
export function applyOverride(original: string, override: Pick<Override, 'mode' | 'html'>): string {
  if (override.mode === 'replace') return override.html;
  if (override.mode === 'append') return `${original}\n${override.html}`;
  return `${override.html}\n${original}`;
}
