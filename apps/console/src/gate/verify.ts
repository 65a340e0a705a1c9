import type { TGateResult, TGateTicket, TTicketCodeMode } from '@ingressos/contracts/gate';
import { isEventDay } from '@ingressos/domain/event-day';
import {
  checkRotatingCode,
  fromBase64Url,
  parseScannedCode,
  type TScannedCode,
  ticketRotationSecret,
} from '@ingressos/domain/rotating-code';

/**
 * Issue 35, the gate's offline decision: the scanned text's signature (Ed25519, WebCrypto, with the
 * event's public key), its event, its rotating code when it has one, then the downloaded list
 * (transferred away, refunded, already checked in), then when and where: another day than the
 * event's (`wrong_day`, packages/domain/src/event-day.ts), a section this gate does not admit
 * (`wrong_sector`). No network: the server's own check-in
 * (apps/api/src/modules/gate/check-in.ts) decides in the same order when the device is online.
 */

export type TClaims = { tid: string; eid: number; v: number };
export type TVerdict = {
  result: TGateResult;
  ticket: TGateTicket | null;
  claims: TClaims | null;
  /** The signed pass inside the scan (what the server's check-in takes). */
  code: TScannedCode | null;
};
export type TGateContext = {
  eventId: number;
  ticketCode: TTicketCodeMode;
  publicKey: CryptoKey;
  rotationKey: Uint8Array;
  /** The event's start and time zone (the list's event): the day a ticket enters. */
  startsAt: string;
  timeZone: string;
  /** The sections this gate admits (chosen at setup); null or empty: all. */
  sections: readonly string[] | null;
  ticket(id: string): Promise<TGateTicket | undefined>;
  nowMs(): number;
};

/** The event's public key (the list's JWK) as a WebCrypto key that only verifies. */
export function importGateKey(jwk: Record<string, unknown>): Promise<CryptoKey> {
  const { kty, crv, x } = jwk as { kty: string; crv: string; x: string };
  return crypto.subtle.importKey('jwk', { kty, crv, x }, { name: 'Ed25519' }, false, ['verify']);
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

function uuidOf(packed: string): string {
  const hex = Array.from(fromBase64Url(packed), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The claims of a compact JWS signed by the ticket signer, or null when the signature fails. */
export async function verifyPass(jws: string, key: CryptoKey): Promise<TClaims | null> {
  const [head, body, signature] = jws.split('.') as [string, string, string];
  try {
    const header = JSON.parse(decoder.decode(fromBase64Url(head))) as { alg?: string };
    if (header.alg !== 'EdDSA') return null;
    const good = await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      fromBase64Url(signature) as BufferSource,
      encoder.encode(`${head}.${body}`) as BufferSource,
    );
    if (!good) return null;
    const payload = JSON.parse(decoder.decode(fromBase64Url(body))) as Record<string, unknown>;
    // The compact form (t, e, v) and the long one of the first QR codes (tid, eid, v).
    const tid = typeof payload.t === 'string' ? uuidOf(payload.t) : payload.tid;
    const eid = payload.e ?? payload.eid;
    if (typeof tid !== 'string' || typeof eid !== 'number') return null;
    return { tid, eid, v: typeof payload.v === 'number' ? payload.v : 1 };
  } catch {
    return null;
  }
}

/** What the gate answers to a scanned text, offline. */
export async function decideScan(text: string, context: TGateContext): Promise<TVerdict> {
  const code = parseScannedCode(text);
  const refuse = (result: TGateResult, claims: TClaims | null = null, ticket: TGateTicket | null = null) => ({
    result,
    ticket,
    claims,
    code,
  });
  if (!code) return refuse('invalid');
  const claims = await verifyPass(code.jws, context.publicKey);
  if (!claims) return refuse('invalid');
  if (claims.eid !== context.eventId) return refuse('wrong_event', claims);
  if (code.kind === 'static' && context.ticketCode === 'rotating')
    return refuse('static_not_accepted', claims);
  const ticket = (await context.ticket(claims.tid)) ?? null;
  // As the server: an older version is revoked before its code is looked at (a transferred-away
  // ticket's code is revoked, not invalid).
  if (ticket && claims.v < ticket.v) return refuse('revoked', claims, ticket);
  if (code.kind === 'rotating') {
    const secret = await ticketRotationSecret(context.rotationKey, claims.tid, claims.v);
    const check = await checkRotatingCode(secret, code, context.nowMs());
    if (check === 'bad_code') return refuse('invalid', claims);
    if (check !== 'ok') return refuse('stale_code', claims, ticket);
  }
  // Signed by us for this event but not in the list: sold after the last download (the next sync
  // brings it); the gate does not let in what it cannot show the holder of.
  if (!ticket) return refuse('invalid', claims);
  if (ticket.voided) return refuse('refunded', claims, ticket);
  if (ticket.checkedInAt) return refuse('already_used', claims, ticket);
  if (!isEventDay(context.startsAt, context.timeZone, context.nowMs()))
    return refuse('wrong_day', claims, ticket);
  if (context.sections?.length && !context.sections.includes(ticket.section))
    return refuse('wrong_sector', claims, ticket);
  return { result: 'ok', ticket, claims, code };
}
