// Runs Eleventy programmatically with the site model as global data.
// https://www.11ty.dev/docs/programmatic/
import Eleventy from '@11ty/eleventy';
import path from 'node:path';
import type { SiteModel } from '../data/site-model.ts';
import type { EleventyConfig } from '../eleventy/eleventy-types.ts';
import { register as registerTsx } from 'tsx/esm/api';

let typescriptLoader: (() => Promise<void>) | undefined;

/**
 * Eleventy loads `.eleventy.js` with Node's own `import()`, and that file wires plugins written in TypeScript.
 * Under `tsx` (npm scripts) that already works; under other runners (vitest) it needs tsx's loader registered.
 * https://tsx.is/dev-api/register-esm
 */
export function ensureTypeScriptLoader(): void {
  if (typescriptLoader || process.argv.some((a) => a.includes('tsx')) || process.execArgv.some((a) => a.includes('tsx'))) return;
  typescriptLoader = registerTsx();
}

/**
 * Freezes the model and everything in it. Eleventy wraps every plain object a template reads from the data
 * cascade in a Proxy (ProxyWrap.js) on each access, unless the object is frozen; the model is read-only once
 * built, so freezing it spares one Proxy per member look-up per page (`model.meta[page.url]`, `report.sign.name`…).
 */
export function deepFreeze<T>(value: T, seen = new Set<object>()): T {
  if (value === null || typeof value !== 'object' || seen.has(value)) return value;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
  return Object.freeze(value);
}

export interface RenderOptions {
  rootDir: string;
  outputDir: string;
  model: SiteModel;
  quiet?: boolean;
}

/** Renders the site into `outputDir`; returns the number of HTML pages written. */
export async function renderSite({ rootDir, outputDir, model, quiet = true }: RenderOptions): Promise<number> {
  ensureTypeScriptLoader();
  const eleventy = new Eleventy(path.join(rootDir, 'templates'), outputDir, {
    configPath: path.join(rootDir, '.eleventy.js'),
    quietMode: quiet,
    config(eleventyConfig: EleventyConfig) {
      eleventyConfig.addGlobalData('model', deepFreeze(model));
    },
  });
  const results = (await eleventy.write()) as unknown;
  // write() resolves to [passthroughCopies, templates]; count the HTML pages (not feeds, sitemap or _headers).
  const templates = Array.isArray(results) ? (results as { outputPath?: unknown }[][])[1] : undefined;
  return (templates ?? []).filter((t) => typeof t.outputPath === 'string' && t.outputPath.endsWith('.html')).length;
}
