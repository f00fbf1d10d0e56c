// `npm run check`'s JSON files: every one parses, and every one a schema covers is valid against it: each JSON
// Feed against JSON Feed 1.1 (schemas/json-feed-1.1.schema.json, written from https://www.jsonfeed.org/version/1.1/),
// each answer of the JSON API against the schema the site publishes beside it (`api/v1/schema.json`, from
// src/model/api-schema.json). Validated by Ajv (https://ajv.js.org/), with its formats (uri, date, date-time).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { CheckContext, SiteRule } from './site-rule.ts';

const SCHEMAS = path.join(import.meta.dirname, 'schemas');

/** A validator for one JSON Schema; strict, so a mistake in the schema fails at once (but `required` in `anyOf`, whose properties are declared beside it). */
export function schemaValidator(schema: object): ValidateFunction {
  const ajv = new Ajv2020({ strict: true, strictRequired: false });
  // ajv-formats is CommonJS: Node imports its function as the default, which TypeScript types as the module.
  (addFormats as unknown as typeof addFormats.default)(ajv);
  return ajv.compile(schema);
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

let jsonFeedSchema: ValidateFunction | undefined;
/** The JSON Feed 1.1 validator, compiled once. */
export function jsonFeedValidator(): ValidateFunction {
  jsonFeedSchema ??= schemaValidator(readJson(path.join(SCHEMAS, 'json-feed-1.1.schema.json')) as object);
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

/** `api/v1/` of a file of the API (`es/api/v1/leo/weekly/current.json` → `es/api/v1/`), or undefined. */
const apiFolderOf = (file: string): string | undefined => /^(?:[^/]+\/)?api\/v1\//.exec(file)?.[0];

/**
 * The validator of the schema published in an API folder, once per folder: the schema itself is checked first
 * (a schema that does not compile is, as a string, the folder's one problem).
 */
function apiValidator(dir: string, folder: string, validators: Map<string, ValidateFunction | string>): ValidateFunction | string {
  let validator = validators.get(folder);
  if (validator === undefined) {
    try {
      validator = schemaValidator(readJson(path.join(dir, folder, 'schema.json')) as object);
    } catch (error) {
      validator = `is not a usable JSON Schema (${(error as Error).message})`;
    }
    validators.set(folder, validator);
  }
  return validator;
}

/** The rule of `npm run check` for the site's JSON files (site-rule.ts): each parses, and follows its schema. */
export function jsonRule(context: CheckContext): SiteRule {
  const apiValidators = new Map<string, ValidateFunction | string>();
  return {
    visit(file) {
      // The search's files are the search rule's (check-search.ts), Pagefind's own JSON among them.
      if (!file.name.endsWith('.json') || /^(?:[^/]+\/)?pagefind[^/]*\//.test(file.name)) return;
      let value: unknown;
      try {
        value = JSON.parse(file.text());
      } catch (error) {
        return context.report({ file: file.name, message: `is not valid JSON (${(error as Error).message})` });
      }
      const folder = apiFolderOf(file.name);
      if (folder && file.name !== `${folder}schema.json`) {
        const known = apiValidators.has(folder);
        const validate = apiValidator(context.dir, folder, apiValidators);
        if (typeof validate === 'string') {
          if (!known) context.report({ file: `${folder}schema.json`, message: validate });
          return;
        }
        const problem = schemaProblem(validate, value);
        if (problem) context.report({ file: file.name, message: `does not follow the API's schema: ${problem}` });
      } else if (isJsonFeed(file.name, value)) {
        const problem = schemaProblem(jsonFeedValidator(), value);
        if (problem) context.report({ file: file.name, message: `is not a valid JSON Feed 1.1: ${problem}` });
      }
    },
  };
}
