// Eleventy 3 ships JSDoc, not declarations; this covers the programmatic API the build uses.
// https://www.11ty.dev/docs/programmatic/
declare module '@11ty/eleventy' {
  export default class Eleventy {
    constructor(input?: string, output?: string, options?: Record<string, unknown>);
    init(): Promise<void>;
    write(): Promise<unknown>;
    /** Resolves with the function a change runs (Eleventy.js: "Returns for testability"). */
    watch(): Promise<(changedFile: string) => Promise<void>>;
    /** The dev server's wrapper, once `serve()` was called (Eleventy.js, EleventyServe.js). */
    eleventyServe?: { reload(event: { files: string[] }): Promise<void> };
    /** chokidar's watcher, once `watch()` resolved. */
    watcher?: {
      on(event: 'unlink', listener: (file: string) => void): void;
      getWatched(): Record<string, string[]>;
      /** Not public: src/cli/preview/preview-watcher.ts. */
      _closers?: unknown;
      options?: { cwd?: string };
    };
    serve(port?: number): Promise<void>;
    close?(): Promise<void>;
  }
}

// The RSS plugin, imported by .eleventy.js.
declare module '@11ty/eleventy-plugin-rss';

// Eleventy's dev server, whose listen call the preview gives a host (src/cli/preview/preview-address.ts).
declare module '@11ty/eleventy-dev-server' {
  const EleventyDevServer: unknown;
  export default EleventyDevServer;
}
