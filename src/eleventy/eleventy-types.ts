// The part of Eleventy's configuration API the plugins and .eleventy.js use. Eleventy 3 ships JSDoc, not .d.ts files,
// so the few methods we call are typed here. https://www.11ty.dev/docs/config/
export interface EleventyConfig {
  addFilter(name: string, filter: (...args: never[]) => unknown): void;
  addShortcode(name: string, shortcode: (...args: never[]) => unknown): void;
  addGlobalData(name: string, data: unknown): void;
  addPlugin<O>(plugin: (config: EleventyConfig, options: O) => void, options?: O): void;
  addWatchTarget(target: string): void;
  addTemplate(virtualPath: string, content: unknown, data?: Record<string, unknown>): void;
  on(event: string, listener: (...args: never[]) => unknown): void;
  setServerOptions(options: Record<string, unknown>): void;
  setWatchJavaScriptDependencies(watch: boolean): void;
  setChokidarConfig(options: Record<string, unknown>): void;
  setNunjucksEnvironmentOptions(options: Record<string, unknown>): void;
}
