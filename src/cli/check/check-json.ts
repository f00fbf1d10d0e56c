// `npm run check`'s JSON files: every one parses, and every one a schema covers is valid against it: each JSON
// Feed against JSON Feed 1.1 (schemas/json-feed-1.1.schema.json, written from https://www.jsonfeed.org/version/1.1/),
// each answer of the JSON API against the project's schema (src/model/api-schema.json), which the site publishes
// beside it as `api/v1/schema.json` and which that file must be. Validated by Ajv (https://ajv.js.org/), with its
// formats (uri, date, date-time).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { API_SCHEMA_FILE } from '../../model/api.ts';
import { apiFolderOf } from './check-syndication.ts';
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
  /(^|\/)feed\.json$/.test(file) ||
  String((value as { version?: unknown } | null)?.version ?? '').startsWith('https://jsonfeed.org/version/');

let apiSchema: { schema: Record<string, unknown>; validate: ValidateFunction } | undefined;
/** The API's schema as the project writes it (src/model/api-schema.json), and its validator, made once. */
function projectApiSchema(): NonNullable<typeof apiSchema> {
  if (!apiSchema) {
    const schema = readJson(API_SCHEMA_FILE) as Record<string, unknown>;
    apiSchema = { schema, validate: schemaValidator(schema) };
  }
  return apiSchema;
}

/** Whether a published `schema.json` is the project's, its `$id` (the address it is published at) aside. */
function isProjectSchema(value: unknown): boolean {
  const { $id: _id, ...rest } = (value ?? {}) as Record<string, unknown>;
  return isDeepStrictEqual(rest, projectApiSchema().schema);
}

/** The rule of `npm run check` for the site's JSON files (site-rule.ts): each parses, and follows its schema. */
export function jsonRule(context: CheckContext): SiteRule {
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
      if (folder && file.name === `${folder}schema.json`) {
        // Partners validate against the published schema: it must be the one the documents follow.
        if (!isProjectSchema(value))
          context.report({ file: file.name, message: 'is not the schema the API follows (src/model/api-schema.json)' });
      } else if (folder) {
        const problem = schemaProblem(projectApiSchema().validate, value);
        if (problem) context.report({ file: file.name, message: `does not follow the API's schema: ${problem}` });
      } else if (isJsonFeed(file.name, value)) {
        const problem = schemaProblem(jsonFeedValidator(), value);
        if (problem) context.report({ file: file.name, message: `is not a valid JSON Feed 1.1: ${problem}` });
      }
    },
  };
}
