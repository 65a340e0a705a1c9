import { z } from 'zod';

/**
 * Issue 35, the gate: what the offline check-in app downloads and sends, and what a buyer's device
 * gets to show a rotating ticket. The rotating QR's format and checks are in
 * packages/domain/src/rotating-code.ts (shared by the api, the gate app and the buyer's page).
 */

/** How an event's tickets are shown at the door (the producer chooses; import field `ticketCode`). */
export const TICKET_CODE_MODES = ['static', 'rotating', 'rotating_printable'] as const;
export type TTicketCodeMode = (typeof TICKET_CODE_MODES)[number];

/** What a gate decides of a scan: the first is an entry, every other a refusal with its reason. */
export const GATE_RESULTS = [
  'ok',
  'already_used',
  'revoked',
  'refunded',
  'wrong_event',
  'wrong_day',
  'wrong_sector',
  'stale_code',
  'static_not_accepted',
  'invalid',
] as const;
export type TGateResult = (typeof GATE_RESULTS)[number];

/** /api/staff/gate/events/:eventId/... */
export const ZGateEventParams = z.object({ eventId: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET /api/staff/gate/events: the events this staff member may check in (a gate agent: their one event). */
export const ZGateEventSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  venue: z.string(),
  city: z.string(),
});
export const ZGateEventList = z.object({ events: z.array(ZGateEventSummary) });
export type TGateEventList = z.infer<typeof ZGateEventList>;

/** One ticket as the gate keeps it offline (IndexedDB). No CPF in the clear: masked, and a salted hash to search by. */
export const ZGateTicket = z.object({
  id: z.string(),
  /** The ticket's current QR version: a scanned QR of a lower one was transferred away (revoked). */
  v: z.number().int(),
  section: z.string(),
  ticket: z.string(),
  place: z.string().nullable(),
  holderName: z.string().nullable(),
  cpfMasked: z.string(),
  /** sha256 hex of `${cpfSalt}${cpf digits}`: the manual search hashes what the agent types. */
  cpfHash: z.string(),
  /** The receipt's order code (8 characters, upper case). */
  orderCode: z.string(),
  /** Half-price category (issue 36) when the ticket is one: the gate asks for the document. */
  halfPrice: z.string().nullable(),
  voided: z.boolean(),
  checkedInAt: z.string().nullable(),
  checkInGate: z.string().nullable(),
});
export type TGateTicket = z.infer<typeof ZGateTicket>;

/** GET /api/staff/gate/events/:eventId/list?since=<cursor>: everything (no cursor) or what changed since. */
export const ZGateListQuery = z.object({ since: z.string().max(100).optional() });
export const ZGateList = z.object({
  event: ZGateEventSummary.extend({ ticketCode: z.enum(TICKET_CODE_MODES) }),
  /** The ticket signer's public key (Ed25519 JWK): the gate verifies every QR's signature offline with it. */
  publicKeyJwk: z.record(z.string(), z.unknown()),
  /** The event's rotation key (base64url, 32 bytes): the gate derives each ticket's TOTP secret from it. */
  rotationKey: z.string(),
  cpfSalt: z.string(),
  tickets: z.array(ZGateTicket),
  /** Pass back as `since` for the next delta. */
  cursor: z.string(),
  /** The server's clock (ISO): the app shows how far its own is off. */
  serverTime: z.string(),
});
export type TGateList = z.infer<typeof ZGateList>;

/** One check-in made on a device (offline or not), as it syncs. */
export const ZDeviceCheckIn = z
  .object({
    /** The device's own id for this check-in (idempotency: a retried sync changes nothing). */
    clientId: z.string().regex(/^[\w-]{8,64}$/),
    ticketId: z.string().min(1).max(64),
    /** The QR version the device accepted. */
    v: z.number().int().min(1),
    at: z.iso.datetime(),
    gate: z.string().trim().max(40).default(''),
  })
  .strict();
export type TDeviceCheckIn = z.infer<typeof ZDeviceCheckIn>;

/** POST /api/staff/gate/events/:eventId/sync */
export const ZGateSyncRequest = z
  .object({
    deviceId: z.string().regex(/^[\w-]{8,64}$/),
    checkIns: z.array(ZDeviceCheckIn).max(5_000),
    since: z.string().max(100).optional(),
  })
  .strict();
export type TGateSyncRequest = z.infer<typeof ZGateSyncRequest>;

export const ZGateSyncResult = z.object({
  clientId: z.string(),
  /** ok: this device's check-in is the ticket's; duplicate: another came first (reported to the console). */
  result: z.enum(['ok', 'duplicate', 'revoked', 'refunded', 'unknown']),
  firstAt: z.string().nullable(),
  firstGate: z.string().nullable(),
});
export const ZGateSyncAnswer = z.object({
  results: z.array(ZGateSyncResult),
  /** What changed since `since` (transfers, refunds, other devices' check-ins). */
  tickets: z.array(ZGateTicket),
  cursor: z.string(),
  serverTime: z.string(),
});
export type TGateSyncAnswer = z.infer<typeof ZGateSyncAnswer>;

/** POST /api/staff/gate/check-ins/:ticketId/undo: a mistaken check-in taken back (audited). */
export const ZGateUndoParams = z.object({ ticketId: z.string().min(1).max(64) });
export const ZGateUndoRequest = z
  .object({ eventId: z.number().int().positive(), reason: z.string().trim().min(3).max(300) })
  .strict();
/** The ticket as it is after the undo (no check-in): the app puts it back in its list. */
export const ZGateUndoAnswer = z.object({ ticket: ZGateTicket });
export type TGateUndoAnswer = z.infer<typeof ZGateUndoAnswer>;

/** GET /api/staff/gate/duplicates?eventId=: scans of a ticket already checked in elsewhere (operator's console). */
export const ZGateDuplicatesQuery = z.object({ eventId: z.coerce.number().int().positive().optional() });
export const ZGateDuplicate = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventName: z.string(),
  ticketId: z.string(),
  section: z.string(),
  ticket: z.string(),
  holderName: z.string().nullable(),
  firstAt: z.string(),
  firstGate: z.string().nullable(),
  firstDevice: z.string().nullable(),
  duplicateAt: z.string(),
  duplicateGate: z.string().nullable(),
  duplicateDevice: z.string(),
  reportedAt: z.string(),
});
export const ZGateDuplicates = z.object({ duplicates: z.array(ZGateDuplicate) });
export type TGateDuplicates = z.infer<typeof ZGateDuplicates>;

/**
 * In My tickets (the holder's logged-in device only; never the PDF or the e-mail): what the page
 * needs to draw the rotating code offline. `secret` is the ticket's TOTP secret (base64url).
 */
export const ZRotatingTicket = z.object({
  jws: z.string(),
  secret: z.string(),
  stepSeconds: z.number().int(),
});
export type TRotatingTicket = z.infer<typeof ZRotatingTicket>;
