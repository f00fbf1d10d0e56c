// Where `npm start` listens: on this machine only (127.0.0.1) unless told otherwise, as Vite's and Hugo's servers
// do; `--host` (all interfaces) or `--host ADDRESS`, or HOST, opens it to the network. Eleventy's dev server
// (@11ty/eleventy-dev-server 2.x) has no host option and listens on every interface, so its one listen call is
// given the host here. https://www.11ty.dev/docs/dev-server/
import EleventyDevServer from '@11ty/eleventy-dev-server';
import type { AddressInfo, Server } from 'node:net';

export const PREVIEW_ADDRESS = {
  host: '127.0.0.1',
  /** `--host` alone: every interface. */
  allInterfaces: '0.0.0.0',
  port: 8080,
};

/** The host from `--host [ADDRESS]` (an empty string when alone: every interface), or HOST, or this machine only. */
export function previewHost(hostFlag: string | undefined, env: NodeJS.ProcessEnv): string {
  if (hostFlag !== undefined) return hostFlag || PREVIEW_ADDRESS.allInterfaces;
  return env.HOST || PREVIEW_ADDRESS.host;
}

/**
 * `http://127.0.0.1:8081/`, or under the site's path prefix (`/horoscopes/`), with a note when the port is not the
 * one asked for (Eleventy takes the next free one).
 */
export function describeAddress(address: AddressInfo, requestedPort: number, pathPrefix = '/'): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const taken = address.port === requestedPort ? '' : ` (port ${requestedPort} was in use)`;
  return `Preview at http://${host}:${address.port}${pathPrefix}${taken}`;
}

interface DevServer {
  server: Server;
}

/**
 * Makes Eleventy's dev server listen on `host`, and calls `listening` once with the address it got (the dev
 * server calls its listen again with the next port while a port is in use).
 */
export function listenOn(host: string, listening: (address: AddressInfo) => void): void {
  const prototype = (EleventyDevServer as unknown as { prototype: DevServer & { _serverListen(port: number): void } })
    .prototype;
  const told = new WeakSet<Server>();
  prototype._serverListen = function (this: DevServer, port: number) {
    const server = this.server;
    if (!told.has(server)) {
      told.add(server);
      server.once('listening', () => listening(server.address() as AddressInfo));
    }
    server.listen({ port, host });
  };
}
