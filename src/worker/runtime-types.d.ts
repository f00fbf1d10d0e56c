// The few types of the Workers runtime that the Worker and its generated bindings (worker-configuration.d.ts,
// from `wrangler types`) use, declared by hand: the runtime's own (`wrangler types` with the runtime) are globals
// that clash with Node's, which the rest of the project typechecks with. https://developers.cloudflare.com/workers/languages/typescript/

/** The static-assets binding: `dist/` as published, `_headers` applied. https://developers.cloudflare.com/workers/static-assets/binding/ */
interface Fetcher {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
}

/** https://developers.cloudflare.com/workers/runtime-apis/bindings/rate-limit/ */
interface RateLimit {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

interface DurableObjectId {
  toString(): string;
}

/** A Durable Object's public methods as its stub offers them (RPC): each answer arrives as a promise. */
type DurableObjectStub<T> = {
  [Name in keyof T]: T[Name] extends (...args: infer Args) => infer Result
    ? (...args: Args) => Promise<Awaited<Result>>
    : never;
};

/** https://developers.cloudflare.com/durable-objects/api/namespace/ */
interface DurableObjectNamespace<T = unknown> {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): DurableObjectStub<T>;
}
