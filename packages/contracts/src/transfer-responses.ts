import { z } from 'zod';
import type {
  TAddTransferAnswer,
  TCanTransferAnswer,
  TRevokedQrAnswer,
  TTransferListAnswer,
  TTransferView,
  TValidateTransferCodeAnswer,
} from './transfers.ts';
import { sameShape, type TSame } from './type-equal.ts';

/** The answers of the transfer calls as schemas, each proven equal to its type in transfers.ts. */

export const ZTransferView = z.object({
  id: z.string(),
  direction: z.enum(['received', 'sent']),
  status: z.literal([0, 1, 2, 3]).describe('0 pending, 1 confirmed, 2 cancelled, 3 returned'),
  ticketId: z.string(),
  eventId: z.number(),
  eventName: z.string(),
  eventDate: z.string(),
  place: z.string(),
  sectionName: z.string(),
  ticketName: z.string(),
  destinationCpf: z.string().describe('Masked: ***.456.789-**'),
  counterpart: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
sameShape<TSame<z.output<typeof ZTransferView>, TTransferView>>(true);

export const ZTransferListAnswer = z.object({ transfers: z.array(ZTransferView) });
sameShape<TSame<z.output<typeof ZTransferListAnswer>, TTransferListAnswer>>(true);

export const ZAddTransferAnswer = z.object({ transfer: ZTransferView, email: z.string().nullable() });
sameShape<TSame<z.output<typeof ZAddTransferAnswer>, TAddTransferAnswer>>(true);

export const ZCanTransferAnswer = z.object({
  canTransfer: z.boolean(),
  code: z.string().nullable(),
  message: z.string().nullable(),
});
sameShape<TSame<z.output<typeof ZCanTransferAnswer>, TCanTransferAnswer>>(true);

export const ZValidateTransferCodeAnswer = z.object({ status: z.boolean(), message: z.string() });
sameShape<TSame<z.output<typeof ZValidateTransferCodeAnswer>, TValidateTransferCodeAnswer>>(true);

export const ZRevokedQrAnswer = z.object({
  eventId: z.number(),
  generatedAt: z.string(),
  revoked: z.array(z.object({ tid: z.string(), minVersion: z.number() })),
});
sameShape<TSame<z.output<typeof ZRevokedQrAnswer>, TRevokedQrAnswer>>(true);

export const ZSendTransferCodeAnswer = z.object({ status: z.literal(true), minutes: z.number() });
export const ZPendingCountAnswer = z.object({ count: z.number() });
