// `npm run check`'s JSON files: every one parses, and every one a schema covers is valid against it: each JSON
// Feed against JSON Feed 1.1 (schemas/json-feed-1.1.schema.json, written from https://www.jsonfeed.org/version/1.1/).
// Validated by Ajv, the JSON Schema validator (https://ajv.js.org/), with its formats (uri, date-time).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const SCHEMAS = path.join(import.meta.dirname, 'schemas');

/** A validator for one JSON Schema file; strict, so a mistake in the schema fails at once (but `required` in `anyOf`, whose properties are declared beside it). */
export function schemaValidator(file: string): ValidateFunction {
  const ajv = new Ajv2020({ strict: true, strictRequired: false });
  // ajv-formats is CommonJS: Node imports its function as the default, which TypeScript types as the module.
  (addFormats as unknown as typeof addFormats.default)(ajv);
  return ajv.compile(JSON.parse(readFileSync(file, 'utf8')) as object);
}

let jsonFeedSchema: ValidateFunction | undefined;
/** The JSON Feed 1.1 validator, compiled once. */
export function jsonFeedValidator(): ValidateFunction {
  jsonFeedSchema ??= schemaValidator(path.join(SCHEMAS, 'json-feed-1.1.schema.json'));
  return jsonFeedSchema;
}

/** The first thing `validate` refused in `value`, as `where: what`, or undefined when valid. */
export function schemaProblem(validate: ValidateFunction, value: unknown): string | undefined {
  if (validate(value)) return undefined;
  const error = validate.errors![0]!;
  const extra = error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : '';
  return `${error.instancePath || '/'}: ${error.message ?? 'is not valid'}${extra}`;
}

const isJsonFeed = (file: string, value: unknown): boolean =>
  /(^|\/)feed\.json$/.test(file) || String((value as { version?: unknown } | null)?.version ?? '').startsWith('https://jsonfeed.org/version/');

/** The problems of every `.json` file of `files` (paths relative to `dir`): one line each, naming the file. */
export function jsonProblems(dir: string, files: Iterable<string>): string[] {
  const problems: string[] = [];
  for (const file of files) {
    if (!file.endsWith('.json')) continue;
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    } catch (error) {
      problems.push(`${file}: is not valid JSON (${(error as Error).message})`);
      continue;
    }
    if (!isJsonFeed(file, value)) continue;
    const problem = schemaProblem(jsonFeedValidator(), value);
    if (problem) problems.push(`${file}: is not a valid JSON Feed 1.1: ${problem}`);
  }
  return problems;
}
