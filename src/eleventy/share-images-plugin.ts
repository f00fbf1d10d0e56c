// Publishes the rendered share images (src/data/share-images.ts) into the output folder. They are drawn before
// Eleventy runs, into the cache; this plugin only copies them, after the pages are written (`eleventy.after`),
// so in the live preview it copies the images of the model that rebuild just used, before the browser reloads.
// https://www.11ty.dev/docs/events/#eleventy-after
import { copyIntoOutput, type PublishedFile } from './copy-into-output.ts';
import type { EleventyConfig } from './eleventy-types.ts';

export type { PublishedFile };

interface ShareImagesPluginOptions {
  /** The files of the current build; read on every build, so the preview can hand over each rebuild's own. */
  files: () => readonly PublishedFile[] | Promise<readonly PublishedFile[]>;
}

interface BuildEvent {
  directories: { output: string };
  outputMode?: string;
}

export default function shareImagesPlugin(
  eleventyConfig: EleventyConfig,
  options: ShareImagesPluginOptions = { files: () => [] },
): void {
  /** Files this plugin wrote in the previous build of this process (preview), to remove those no longer used. */
  let written = new Set<string>();
  eleventyConfig.on('eleventy.after', (async ({ directories, outputMode }: BuildEvent) => {
    if (outputMode !== undefined && outputMode !== 'fs') return;
    written = await copyIntoOutput(directories.output, await options.files(), written);
  }) as (...args: never[]) => unknown);
}
