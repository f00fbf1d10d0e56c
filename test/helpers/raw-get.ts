// A request as a browser or a scanner may send it, path as written (fetch would normalize `..` and `%2e`), without
// following redirects.
import { request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

export function rawGet(base: string, rawPath: string, method = 'GET'): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise<RawResponse>((resolve, reject) => {
    const req = request({ host: hostname, port, path: rawPath, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
