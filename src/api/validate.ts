/**
 * Turns a zod failure into one readable line that names the field path the way a reader would write it
 * (`reports[2].week`) and says what was expected and what arrived, e.g.
 * `reports[2].week: expected integer, received string`.
 */
import type { z } from 'zod';
import { INTEGER_MESSAGE } from './schemas.ts';

export interface ShapeProblem {
  /** Path of the first offending member, e.g. 'reports[3].sign_id'; '' for the top level. */
  field: string;
  /** `field: what was wrong`, plus a count of further problems. */
  description: string;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function kindOf(value: unknown, expectedInteger: boolean): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (expectedInteger && typeof value === 'number') return `non-integer number ${value}`;
  return typeof value;
}

/** Cleans text before it is shortened, so that no cut-off half of a secret survives redaction. */
type Clean = (text: string) => string;

function briefly(value: unknown, clean: Clean): string {
  const text = clean(JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function describeIssue(issue: z.core.$ZodIssue, data: unknown, clean: Clean): string {
  const value = valueAt(data, issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      const isInteger = issue.expected === 'int' || issue.message === INTEGER_MESSAGE;
      const expected = isInteger ? 'integer' : issue.expected;
      if (value === undefined) return `missing (expected ${expected})`;
      return `expected ${expected}, received ${kindOf(value, isInteger)}`;
    }
    case 'too_big':
      return `expected at most ${String(issue.maximum)}, received ${briefly(value, clean)}`;
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1
        ? 'expected a non-empty string'
        : `expected at least ${String(issue.minimum)}, received ${briefly(value, clean)}`;
    case 'invalid_union':
      return `unexpected shape, received ${kindOf(value, false)}`;
    default:
      return `${issue.message}, received ${briefly(value, clean)}`;
  }
}

export function describeShapeProblem(error: z.ZodError, data: unknown, clean: Clean = (text) => text): ShapeProblem {
  const [first, ...rest] = error.issues;
  if (!first) return { field: '', description: 'unexpected shape' };
  const field = formatPath(first.path);
  const more = rest.length > 0 ? ` (and ${rest.length} more problem${rest.length > 1 ? 's' : ''})` : '';
  return {
    field,
    description: `${field === '' ? 'response' : field}: ${describeIssue(first, data, clean)}${more}`,
  };
}
