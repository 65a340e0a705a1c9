import { connect } from 'node:http2';
import type { TApplePush } from './apple-push.ts';

export type TApnsCredentials = { cert: string; key: string; passphrase?: string };

/** Apple's production push service (pass updates always go to production). */
export const APNS_ORIGIN = 'https://api.push.apple.com';

/** The real client: HTTP/2 with the pass type certificate and key as the TLS client identity. */
export function createApnsPush(credentials: TApnsCredentials, origin = APNS_ORIGIN): TApplePush {
  return {
    kind: 'apns',
    push(pushToken, topic) {
      return new Promise<void>((resolve, reject) => {
        const session = connect(origin, {
          cert: credentials.cert,
          key: credentials.key,
          ...(credentials.passphrase ? { passphrase: credentials.passphrase } : {}),
        });
        session.on('error', reject);
        const request = session.request({
          ':method': 'POST',
          ':path': `/3/device/${encodeURIComponent(pushToken)}`,
          'apns-topic': topic,
          'apns-push-type': 'background',
          'apns-priority': '5',
          'content-type': 'application/json',
        });
        let status = 0;
        let body = '';
        request.setEncoding('utf8');
        request.on('response', (headers) => {
          status = Number(headers[':status']);
        });
        request.on('data', (chunk: string) => {
          body += chunk;
        });
        request.on('error', (error) => {
          session.close();
          reject(error);
        });
        request.on('end', () => {
          session.close();
          if (status === 200) resolve();
          else reject(new Error(`APNs answered ${status}: ${body.slice(0, 200)}`));
        });
        request.end('{}');
      });
    },
  };
}
