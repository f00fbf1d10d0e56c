/**
 * Turns a zod failure into one readable line that names the field path the way a reader would write it
 * (`reports[2].week`) and says what was expected and what arrived, e.g.
 * `reports[2].week: expected integer, received string`.
 */
import type { z } from 'zod';

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

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isInteger(value)) return `non-integer number ${value}`;
  return typeof value;
}

function briefly(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function describeIssue(issue: z.core.$ZodIssue, data: unknown): string {
  const value = valueAt(data, issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      const expected = issue.expected === 'int' ? 'integer' : issue.expected;
      if (value === undefined) return `missing (expected ${expected})`;
      return `expected ${expected}, received ${kindOf(value)}`;
    }
    case 'too_big':
      return `expected at most ${String(issue.maximum)}, received ${briefly(value)}`;
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1
        ? 'expected a non-empty string'
        : `expected at least ${String(issue.minimum)}, received ${briefly(value)}`;
    case 'invalid_union':
      return `unexpected shape, received ${kindOf(value)}`;
    default:
      return `${issue.message}, received ${briefly(value)}`;
  }
}

export function describeShapeProblem(error: z.ZodError, data: unknown): ShapeProblem {
  const [first, ...rest] = error.issues;
  if (!first) return { field: '', description: 'unexpected shape' };
  const field = formatPath(first.path);
  const more = rest.length > 0 ? ` (and ${rest.length} more problem${rest.length > 1 ? 's' : ''})` : '';
  return {
    field,
    description: `${field === '' ? 'response' : field}: ${describeIssue(first, data)}${more}`,
  };
}
