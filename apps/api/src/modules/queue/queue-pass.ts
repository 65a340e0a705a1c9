import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * An admitted visitor's pass (issue 19): the event, the cart session it is bound to and its
 * expiry, signed with the site's link key (HMAC-SHA256, as the commissioners' sales links). It is
 * checked without the database, so `addtocart` pays a hash for it, not a query; a copied pass is
 * useless to another browser because the session it names is that browser's secret cookie.
 */
const PURPOSE = 'queue-pass:v1';
const SHAPE = /^(\d{1,10})\.([A-Za-z0-9_-]{16,64})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The cookie that carries the pass of one event (HttpOnly: page scripts never see it). */
export const queuePassCookie = (eventId: number) => `queue_pass_${eventId}`;

function sign(secret: Uint8Array, payload: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}|${payload}`).digest('base64url');
}

export function signQueuePass(
  secret: Uint8Array,
  eventId: number,
  sessionId: string,
  expiresAt: Date,
): string {
  const payload = `${eventId}.${sessionId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** Whether `pass` is a genuine, unexpired pass for this event and this session. */
export function isValidQueuePass(
  secret: Uint8Array,
  pass: string | undefined,
  eventId: number,
  sessionId: string | undefined,
  now = Date.now(),
): boolean {
  if (!pass || !sessionId) return false;
  const match = SHAPE.exec(pass);
  if (!match) return false;
  const [, event, session, exp, mac] = match;
  if (Number(event) !== eventId || session !== sessionId || Number(exp) * 1000 <= now) return false;
  const expected = Buffer.from(sign(secret, `${event}.${session}.${exp}`));
  const given = Buffer.from(mac!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
