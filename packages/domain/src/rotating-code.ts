/**
 * Issue 35, the rotating ticket: what a buyer's phone shows and what a gate accepts, in one place
 * for the api, the gate app and the buyer's page (WebCrypto only: Node 24 and every browser).
 *
 * A rotating QR is `BLT2.<pass>.<step>.<code>` where `<pass>` is the ticket's server-signed compact
 * JWS (the same Ed25519 token as the static QR: a gate verifies it offline with the public key), and
 * `<code>` the ticket's TOTP (RFC 6238: HOTP over HMAC-SHA1, 6 digits) at time step `<step>` of
 * ROTATION_STEP_SECONDS. The per-ticket secret is derived, never listed: HMAC-SHA256 of the event's
 * rotation key over `<ticketId>.<qrVersion>`, so a transfer (which raises the version) gives the new
 * holder a new secret and the old holder's codes die with their old version; a gate that holds the
 * event's key derives any ticket's secret offline. A gate accepts the current step and one either
 * side (clock skew): a screenshot's code is refused once it is more than about 30 seconds old.
 */

export const ROTATION_STEP_SECONDS = 15;
/** Steps either side of the gate's own that it accepts. */
export const ROTATION_WINDOW_STEPS = 1;
const PREFIX = 'BLT2';
const JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;

export type TScannedCode =
  | { kind: 'static'; jws: string }
  | { kind: 'rotating'; jws: string; step: number; code: string };

/** The time step of an instant (milliseconds since the epoch). */
export function stepAt(ms: number): number {
  return Math.floor(ms / 1000 / ROTATION_STEP_SECONDS);
}

/** The text of a rotating QR. */
export function rotatingQrText(jws: string, step: number, code: string): string {
  return `${PREFIX}.${jws}.${step}.${code}`;
}

/** What a scanned text is: today's static signed QR, a rotating one, or nothing of ours (null). */
export function parseScannedCode(text: string): TScannedCode | null {
  const value = text.trim();
  if (JWS.test(value)) return { kind: 'static', jws: value };
  const parts = value.split('.');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const jws = parts.slice(1, 4).join('.');
  const [step, code] = [parts[4]!, parts[5]!];
  if (!JWS.test(jws) || !/^\d{1,12}$/.test(step) || !/^\d{6}$/.test(code)) return null;
  return { kind: 'rotating', jws, step: Number(step), code };
}

const subtle = () => globalThis.crypto.subtle;
const bytes = (text: string) => new TextEncoder().encode(text);

async function hmac(hash: 'SHA-1' | 'SHA-256', key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const imported = await subtle().importKey('raw', key as BufferSource, { name: 'HMAC', hash }, false, [
    'sign',
  ]);
  return new Uint8Array(await subtle().sign('HMAC', imported, data as BufferSource));
}

/** A ticket's TOTP secret (20 bytes): HMAC-SHA256(event rotation key, `${ticketId}.${version}`), cut. */
export async function ticketRotationSecret(
  eventKey: Uint8Array,
  ticketId: string,
  version: number,
): Promise<Uint8Array> {
  return (await hmac('SHA-256', eventKey, bytes(`${ticketId}.${version}`))).slice(0, 20);
}

/** RFC 4226 HOTP, 6 digits (RFC 6238's TOTP is this at the time step). */
export async function hotp(secret: Uint8Array, counter: number): Promise<string> {
  const message = new Uint8Array(8);
  let rest = counter;
  for (let i = 7; i >= 0; i -= 1) {
    message[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  const digest = await hmac('SHA-1', secret, message);
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary =
    ((digest[offset]! & 0x7f) << 24) |
    (digest[offset + 1]! << 16) |
    (digest[offset + 2]! << 8) |
    digest[offset + 3]!;
  return String(binary % 1_000_000).padStart(6, '0');
}

export type TRotatingCheck = 'ok' | 'stale' | 'ahead' | 'bad_code';

/**
 * A gate's check of a rotating code at its own clock `nowMs`: `ok` within one step either side;
 * `stale` older (a screenshot), `ahead` from a clock too far ahead; `bad_code` a code that is not the
 * ticket's at the step it claims (a forged or mistyped one). Compared in constant time.
 */
export async function checkRotatingCode(
  secret: Uint8Array,
  scanned: { step: number; code: string },
  nowMs: number,
): Promise<TRotatingCheck> {
  const expected = await hotp(secret, scanned.step);
  let diff = expected.length ^ scanned.code.length;
  for (let i = 0; i < expected.length; i += 1) diff |= expected.charCodeAt(i) ^ scanned.code.charCodeAt(i);
  if (diff !== 0) return 'bad_code';
  const now = stepAt(nowMs);
  if (scanned.step < now - ROTATION_WINDOW_STEPS) return 'stale';
  if (scanned.step > now + ROTATION_WINDOW_STEPS) return 'ahead';
  return 'ok';
}

/** base64url without padding, both ways (the secret and the event key travel so). */
export function toBase64Url(data: Uint8Array): string {
  let text = '';
  for (const byte of data) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
export function fromBase64Url(text: string): Uint8Array {
  const normal = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(normal + '='.repeat((4 - (normal.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
