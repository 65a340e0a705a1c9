import type { TOperation } from './operation.ts';
import {
  ZCheckInAnswer,
  ZCheckInRequest,
  ZCourtesyList,
  ZCourtesyRequest,
  ZCreateProducerEventRequest,
  ZProducerDashboard,
  ZProducerDocumentErrors,
  ZProducerEventDocument,
  ZProducerEventExport,
  ZProducerEventList,
  ZProducerEventParams,
  ZProducerEventSaved,
  ZProducerPoster,
  ZProducerStatusRequest,
  ZSaveProducerEventRequest,
  ZStaffPostalCodeAnswer,
  ZStaffPostalCodeParams,
} from './staff-producer.ts';

const invalid = {
  422: {
    description: 'The document was refused: each problem at its JSON path',
    schema: ZProducerDocumentErrors,
  },
};

/** Issue 34: the producer's console and the gate's online check-in (ENDPOINT_SCHEMAS spreads these). */
export const PRODUCER_ENDPOINT_SCHEMAS = {
  producerEvents: {
    summary: 'Staff (producer: their events; admin: all): the events with their state, sales and revenue',
    tag: 'Operations',
    auth: 'session',
    response: ZProducerEventList,
    errors: [403],
  },
  createProducerEvent: {
    summary:
      'Staff (producer, admin): create an event from an import-format document (audited); the producer gets it in scope',
    tag: 'Operations',
    auth: 'session',
    body: ZCreateProducerEventRequest,
    response: ZProducerEventSaved,
    status: 201,
    errors: [403, 409],
    alternatives: invalid,
  },
  producerEventDocument: {
    summary:
      'Staff (producer of the event, admin): the event as an import-format document, its revision and its counters',
    tag: 'Operations',
    auth: 'session',
    params: ZProducerEventParams,
    response: ZProducerEventDocument,
    errors: [403, 404],
  },
  saveProducerEvent: {
    summary:
      'Staff (producer of the event, admin): save the whole document read at `revision`, validated like an import (audited); 409 when stale',
    tag: 'Operations',
    auth: 'session',
    params: ZProducerEventParams,
    body: ZSaveProducerEventRequest,
    response: ZProducerEventSaved,
    errors: [403, 404, 409],
    alternatives: invalid,
  },
  exportProducerEvent: {
    summary:
      'Staff (producer of the event, admin): the import file of this event, which imports back unchanged',
    tag: 'Operations',
    auth: 'session',
    params: ZProducerEventParams,
    response: ZProducerEventExport,
    errors: [403, 404],
  },
  producerEventStatus: {
    summary: 'Staff (producer of the event, admin): publish, unpublish, mark sold out or reopen (audited)',
    tag: 'Operations',
    auth: 'session',
    params: ZProducerEventParams,
    body: ZProducerStatusRequest,
    response: ZProducerEventSaved,
    errors: [403, 404, 409],
  },
  uploadProducerPoster: {
    summary:
      'Staff (producer, admin): upload an event poster (JPEG, PNG or WebP body, at most 8 MB), resized to WebP',
    tag: 'Operations',
    auth: 'session',
    response: ZProducerPoster,
    status: 201,
    errors: [403, 413, 415, 422],
  },
  staffPostalCode: {
    summary: "Staff: the address of a CEP (the site's postal-code adapter), for the venue form",
    tag: 'Operations',
    auth: 'session',
    params: ZStaffPostalCodeParams,
    response: ZStaffPostalCodeAnswer,
    errors: [403, 404],
  },
  producerCourtesies: {
    summary: "Staff (producer of the event, admin): the event's courtesy tickets",
    tag: 'Operations',
    auth: 'session',
    params: ZProducerEventParams,
    response: ZCourtesyList,
    errors: [403, 404],
  },
  issueCourtesies: {
    summary:
      'Staff (producer of the event, admin): issue free tickets to named CPFs, counted against the lot (audited)',
    tag: 'Operations',
    auth: 'session',
    params: ZProducerEventParams,
    body: ZCourtesyRequest,
    response: ZCourtesyList,
    status: 201,
    errors: [403, 404, 409, 422],
  },
  producerDashboard: {
    summary:
      'Staff (producer of the event, admin): the sale now: by lot, day, method and channel, revenue, check-ins',
    tag: 'Operations',
    auth: 'session',
    params: ZProducerEventParams,
    response: ZProducerDashboard,
    errors: [403, 404],
  },
  producerOrdersCsv: {
    summary:
      "Staff (producer of the event, admin): the event's orders as CSV (CPF masked unless admin; audited)",
    tag: 'Operations',
    auth: 'session',
    params: ZProducerEventParams,
    produces: 'text/csv',
    errors: [403, 404],
  },
  producerAttendeesCsv: {
    summary:
      'Staff (producer of the event, admin): the attendee list as CSV (CPF masked unless admin; audited)',
    tag: 'Operations',
    auth: 'session',
    params: ZProducerEventParams,
    produces: 'text/csv',
    errors: [403, 404],
  },
  gateCheckIn: {
    summary:
      "Staff (gate of the event, producer of the event, admin): check a ticket's QR in; the first check-in wins",
    tag: 'Operations',
    auth: 'session',
    body: ZCheckInRequest,
    response: ZCheckInAnswer,
    errors: [403],
  },
} as const satisfies Record<string, TOperation>;

export type TProducerEndpointSchemas = typeof PRODUCER_ENDPOINT_SCHEMAS;
