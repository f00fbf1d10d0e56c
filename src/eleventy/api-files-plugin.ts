// Writes the JSON API's files (src/model/api.ts) into the output folder after the pages (`eleventy.after`), each
// document as JSON. Not a paginated template: Eleventy's work for each page cost more than the file itself
// (docs/performance.md, "Syndication"). The round's list holds only the files to write: the build takes the others
// from its last output, and the preview keeps them (src/incremental/render-plan.ts). https://www.11ty.dev/docs/events/
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ApiFile } from '../model/types.ts';
import { outputFile } from '../model/urls.ts';
import type { EleventyConfig } from './eleventy-types.ts';

interface ApiFilesPluginOptions {
  /** The files of this render, and the path the site is under (the model's `site.pathPrefix`); asked at each render. */
  files: () => Promise<{ files: readonly ApiFile[]; pathPrefix: string }>;
}

interface BuildEvent {
  directories: { output: string };
  outputMode?: string;
}

/** A file's bytes: its document as compact JSON, and a line end. */
function apiFileText(file: ApiFile): string {
  return `${JSON.stringify(file.document)}\n`;
}

export default function apiFilesPlugin(eleventyConfig: EleventyConfig, options: ApiFilesPluginOptions): void {
  eleventyConfig.on('eleventy.after', (async ({ directories, outputMode }: BuildEvent) => {
    if (outputMode !== undefined && outputMode !== 'fs') return;
    const { files, pathPrefix } = await options.files();
    // Synchronous: one write after another costs less than the same through the event loop, and nothing waits.
    const folders = new Set<string>();
    for (const file of files) {
      const target = path.join(directories.output, outputFile(file.url, pathPrefix));
      const folder = path.dirname(target);
      if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
      folders.add(folder);
      writeFileSync(target, apiFileText(file));
    }
  }) as (...args: never[]) => unknown);
}
