import { z } from 'zod';
import type { TApiMessages } from './messages/index.ts';

/**
 * Ticket transfers (accounts §7 calls under /api/transferTicket, /v1/ticketTransfer/CanTransfer).
 * A ticket id is our issued ticket's id (a UUID); a transfer id too.
 */

const ZUuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'uuid');
const ZCpfText = z.string().trim().min(11).max(20);

/** POST /api/transferTicket/addTicketTransfer and POST /v1/ticketTransfer/CanTransfer. */
export const ZAddTransferRequest = z.object({ ticketId: ZUuid, destinationCpf: ZCpfText });
export type TAddTransferRequest = z.infer<typeof ZAddTransferRequest>;
export const ZCanTransferRequest = z.object({ ticketId: ZUuid, destinationCpf: ZCpfText.optional() });
export type TCanTransferRequest = z.infer<typeof ZCanTransferRequest>;

/** POST /api/validateTransferCode: the 6-digit code e-mailed by createUserNotification. */
export const ZValidateTransferCodeRequest = z.object({ code: z.string().regex(/^\d{6}$/, 'code') });
export type TValidateTransferCodeAnswer = { status: boolean; message: string };

/** PUT confirmTransfer, cancelTicketTransfer, returnTicketTransfer. */
export const ZTransferActionRequest = z.object({ transferId: ZUuid });
export type TTransferActionRequest = z.infer<typeof ZTransferActionRequest>;

/** Query of GET /api/transferTicket/getUserTransfers. */
export const ZTransferListQuery = z.object({
  transferStatus: z.enum(['0', '1', '2', '3']).optional(),
  direction: z.enum(['received', 'sent', 'all']).default('received'),
});

/** 0 pending, 1 confirmed, 2 cancelled by the sender, 3 returned (refused) by the destination. */
/** A transfer's states (docs/decisions.md: the spec names none): 0 pending, 1 confirmed, 2 cancelled, 3 returned. */
export const TRANSFER_STATUS = { PENDING: 0, CONFIRMED: 1, CANCELLED: 2, RETURNED: 3 } as const;
export type TTransferStatus = (typeof TRANSFER_STATUS)[keyof typeof TRANSFER_STATUS];

/** One transfer as its sender or its destination sees it (the other person's data masked). */
export type TTransferView = {
  id: string;
  /** received: I am the destination; sent: I am the sender. */
  direction: 'received' | 'sent';
  status: TTransferStatus;
  ticketId: string;
  eventId: number;
  eventName: string;
  eventDate: string;
  place: string;
  sectionName: string;
  ticketName: string;
  /** Masked: ***.456.789-** */
  destinationCpf: string;
  /** The sender's first name (received) or the destination's masked e-mail when known (sent). */
  counterpart: string | null;
  createdAt: string;
  updatedAt: string;
};

/** Spec "Pending transfer list": transfers. */
export type TTransferListAnswer = { transfers: TTransferView[] };

/** Add transfer answers the destination's e-mail (masked) when the CPF has an account. */
export type TAddTransferAnswer = { transfer: TTransferView; email: string | null };
export type TCanTransferAnswer = { canTransfer: boolean; code: string | null; message: string | null };

/**
 * Gate revocation list: for each ticket of the event whose QR was re-issued, the lowest QR
 * version still valid; a QR whose `v` claim (1 when absent) is below it is void.
 */
export type TRevokedQrAnswer = {
  eventId: number;
  generatedAt: string;
  revoked: { tid: string; minVersion: number }[];
};

/** The transfers' failures (spec §8 "Transfers"): texts in `API_MESSAGES[locale].transfer`. */
export type TTransferErrorCode = keyof TApiMessages['transfer'];
