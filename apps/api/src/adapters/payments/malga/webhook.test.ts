import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  MALGA_WEBHOOK_TOLERANCE_MS,
  malgaWebhookKey,
  signMalgaNotice,
  verifyMalgaSignature,
} from './webhook.ts';

// Malga's own sample (github.com/plughacker/plug-sample-signature-validade, nodejs/index.js): a
// signature made by Malga's key, checked here with nothing of ours in the loop.
const SAMPLE = {
  publicKey:
    '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAS8O+o7Cqd3mtpriJvOVK/cdo8se5VU5vZkCMUttd0WA=\n-----END PUBLIC KEY-----\n',
  date: '1661795163719',
  signature:
    '5b20c43cfd55f0c1884196786d58392e1828232e05d66e9153032ae9d374bff785d0efc4ed850ea5856b71c950bd2a1914f376381386355fce2c51163ed26e01',
  body: '{"event":"ping","payload":{"object":{}}}',
};

describe('Malga webhook signature', () => {
  it("verifies Malga's published sample: Ed25519 over `<X-Plug-Date>\\n<raw body>`", () => {
    const publicKey = malgaWebhookKey(SAMPLE.publicKey);
    const check = {
      publicKey,
      rawBody: SAMPLE.body,
      date: SAMPLE.date,
      signature: SAMPLE.signature,
      now: Number(SAMPLE.date) + 1000,
    };
    expect(verifyMalgaSignature(check)).toBe(true);
    // One byte of the body, the date or the signature changed: refused.
    expect(verifyMalgaSignature({ ...check, rawBody: SAMPLE.body.replace('ping', 'pong') })).toBe(false);
    expect(verifyMalgaSignature({ ...check, date: String(Number(SAMPLE.date) + 1) })).toBe(false);
    const last = SAMPLE.signature.at(-1) === '0' ? '1' : '0';
    expect(verifyMalgaSignature({ ...check, signature: `${SAMPLE.signature.slice(0, -1)}${last}` })).toBe(
      false,
    );
  });

  it('reads a key whose newlines were written as \\n in an env file, and refuses a key that is not Ed25519', () => {
    expect(malgaWebhookKey(SAMPLE.publicKey.replace(/\n/g, '\\n')).asymmetricKeyType).toBe('ed25519');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    expect(() => malgaWebhookKey(String(rsa))).toThrow(/Ed25519/);
  });

  it('refuses a date beyond the tolerance, however well signed, and missing or malformed headers', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const now = Date.UTC(2026, 10, 25, 1, 0, 0);
    const body = '{"id":"e1","object":"transaction","event":"authorized","data":{"id":"c1"}}';
    const fresh = String(now - 60_000);
    const ok = {
      publicKey,
      rawBody: body,
      date: fresh,
      signature: signMalgaNotice(privateKey, body, fresh),
      now,
    };
    expect(verifyMalgaSignature(ok)).toBe(true);
    const stale = String(now - MALGA_WEBHOOK_TOLERANCE_MS - 1);
    expect(
      verifyMalgaSignature({ ...ok, date: stale, signature: signMalgaNotice(privateKey, body, stale) }),
    ).toBe(false);
    const future = String(now + MALGA_WEBHOOK_TOLERANCE_MS + 1);
    expect(
      verifyMalgaSignature({ ...ok, date: future, signature: signMalgaNotice(privateKey, body, future) }),
    ).toBe(false);
    expect(verifyMalgaSignature({ ...ok, date: undefined })).toBe(false);
    expect(verifyMalgaSignature({ ...ok, signature: undefined })).toBe(false);
    expect(verifyMalgaSignature({ ...ok, signature: 'zz' })).toBe(false);
    expect(verifyMalgaSignature({ ...ok, date: 'yesterday' })).toBe(false);
    // Signed by another key: refused.
    const other = generateKeyPairSync('ed25519').privateKey;
    expect(verifyMalgaSignature({ ...ok, signature: signMalgaNotice(other, body, fresh) })).toBe(false);
  });
});
