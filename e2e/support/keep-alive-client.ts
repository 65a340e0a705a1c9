import http from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';

export type TCall = { method: string; headers?: Record<string, string>; body?: string };
export type TAnswer = { status: number; text: string };

/**
 * A load driver's HTTP calls, for drivers that share the server's cores: node:http on kept-alive
 * sockets. It asks for gzip as browsers do (so the server compresses as it would for them) and
 * unpacks the answer. Node's fetch (undici's Web Request, Response and streams) cost the purchase
 * bench's driver 2.5 ms of CPU a purchase, a tenth of the machine taken from the server it measures.
 */
export function keepAliveClient(base: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(base);
  const call = (path: string, init: TCall) =>
    new Promise<TAnswer>((resolve, reject) => {
      const body = init.body === undefined ? undefined : Buffer.from(init.body);
      const request = http.request(
        {
          agent,
          host: hostname,
          port,
          path,
          method: init.method,
          headers: {
            'accept-encoding': 'gzip, deflate',
            ...(body ? { 'content-length': String(body.length) } : {}),
            ...init.headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const packed = Buffer.concat(chunks);
            const encoding = response.headers['content-encoding'];
            const data =
              encoding === 'gzip'
                ? gunzipSync(packed)
                : encoding === 'deflate'
                  ? inflateSync(packed)
                  : packed;
            resolve({ status: response.statusCode ?? 0, text: data.toString('utf8') });
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  return Object.assign(call, { close: () => agent.destroy() });
}
