// The part of the runtime's own module the Worker uses: the Durable Object base class, whose public methods the
// Worker calls on its stub (RPC). https://developers.cloudflare.com/durable-objects/api/base/
declare module 'cloudflare:workers' {
  /** The object's own state: its SQLite storage. https://developers.cloudflare.com/durable-objects/api/state/ */
  export interface DurableObjectState {
    storage: { sql: { exec(query: string, ...bindings: unknown[]): { toArray(): Record<string, unknown>[] } } };
  }

  export abstract class DurableObject<Env = unknown> {
    protected ctx: DurableObjectState;
    protected env: Env;
    constructor(ctx: DurableObjectState, env: Env);
  }
}
