// Eleventy 3 ships JSDoc, not declarations; this covers the programmatic API the build uses.
// https://www.11ty.dev/docs/programmatic/
declare module '@11ty/eleventy' {
  export default class Eleventy {
    constructor(input?: string, output?: string, options?: Record<string, unknown>);
    init(): Promise<void>;
    write(): Promise<unknown>;
    watch(): Promise<void>;
    serve(port?: number): Promise<void>;
    close?(): Promise<void>;
  }
}

// Imported by the build only to have it in Node's module cache early (src/cli/render-site.ts); .eleventy.js uses it.
declare module '@11ty/eleventy-plugin-rss';
