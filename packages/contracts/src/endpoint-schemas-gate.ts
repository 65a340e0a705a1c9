import {
  ZGateDuplicates,
  ZGateDuplicatesQuery,
  ZGateEventList,
  ZGateEventParams,
  ZGateList,
  ZGateListQuery,
  ZGateSyncAnswer,
  ZGateSyncRequest,
  ZGateUndoAnswer,
  ZGateUndoParams,
  ZGateUndoRequest,
} from './gate.ts';
import type { TOperation } from './operation.ts';

/** Issue 35: the gate's offline list, sync, undo and the operator's duplicates (ENDPOINT_SCHEMAS spreads these). */
export const GATE_ENDPOINT_SCHEMAS = {
  gateEvents: {
    summary: 'Staff (gate: their events; producer: theirs; admin: all): the events this member checks in',
    tag: 'Operations',
    auth: 'session',
    response: ZGateEventList,
    errors: [403],
  },
  gateList: {
    summary:
      "Staff (gate/producer of the event, admin): the event's tickets for the offline gate (no CPF in the clear), the keys, and a cursor; `since` answers only what changed",
    tag: 'Operations',
    auth: 'session',
    params: ZGateEventParams,
    query: ZGateListQuery,
    response: ZGateList,
    errors: [403, 404],
  },
  gateSync: {
    summary:
      "Staff (gate/producer of the event, admin): a device's queued check-ins (at most 5,000): the first to reach the server keeps the ticket, a later one is a duplicate; answers the delta since `since`",
    tag: 'Operations',
    auth: 'session',
    params: ZGateEventParams,
    body: ZGateSyncRequest,
    response: ZGateSyncAnswer,
    errors: [403, 404],
  },
  gateUndoCheckIn: {
    summary:
      'Staff (gate/producer of the event, admin): take back a mistaken check-in, with a reason (audited)',
    tag: 'Operations',
    auth: 'session',
    params: ZGateUndoParams,
    body: ZGateUndoRequest,
    response: ZGateUndoAnswer,
    errors: [403, 404, 409],
  },
  gateDuplicates: {
    summary:
      'Staff (admin, support: all; producer: their events): scans of a ticket already checked in by another device',
    tag: 'Operations',
    auth: 'session',
    query: ZGateDuplicatesQuery,
    response: ZGateDuplicates,
    errors: [403],
  },
} as const satisfies Record<string, TOperation>;
