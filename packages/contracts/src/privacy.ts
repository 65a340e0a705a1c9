import { PASSWORD_MAX } from '@ingressos/domain/password';
import { z } from 'zod';
import { ZEmail } from './accounts.ts';
import type { TBiometryExport } from './biometry.ts';
import type { TApiMessages } from './messages/index.ts';

/**
 * Data-subject rights (LGPD art. 18) on /minha-conta: download my data, delete my account,
 * change my e-mail. Issue messages are keys of ACCOUNT_MESSAGES, like the other account forms.
 */

/** The current password, asked again before an irreversible or identity-changing act. */
const ZCurrentPassword = z
  .string({ error: 'passwordRequired' })
  .min(1, { error: 'passwordRequired', abort: true })
  .max(PASSWORD_MAX, 'passwordTooLong');

/** POST /api/privacy/delete-account. */
export const ZDeleteAccountRequest = z.object({ password: ZCurrentPassword });
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

/** POST /api/privacy/change-email: the new address and the current password. */
export const ZChangeEmailRequest = z.object({ email: ZEmail, password: ZCurrentPassword });
export type TChangeEmailRequest = z.input<typeof ZChangeEmailRequest>;

/** POST /api/privacy/confirm-email-change: the id and code of the link sent to the new address. */
export const ZConfirmEmailChangeRequest = z.object({
  id: z.uuid({ error: 'emailChangeLinkInvalid' }),
  code: z.string({ error: 'emailChangeLinkInvalid' }).regex(/^[\w-]{20,100}$/, 'emailChangeLinkInvalid'),
});
export type TConfirmEmailChangeRequest = z.infer<typeof ZConfirmEmailChangeRequest>;

/** What stops an account from being deleted now: each listed so the person can act on it. */
export type TDeletionBlockers = {
  /** Tickets the account holds for events still to come (transfer them first). */
  tickets: { ticketId: string; eventName: string; startsAt: string }[];
  /** Transfers sent or received still waiting for an answer. */
  transfers: { transferId: string; eventName: string; direction: 'sent' | 'received' }[];
  /** Orders still awaiting payment or authorised and not yet settled. */
  orders: { orderId: string; eventName: string; status: number }[];
};

/** 409 account_busy: the message and the list. */
export type TDeleteAccountRefusal = { Message: string; code: 'account_busy'; blockers: TDeletionBlockers };

/** The downloaded document (GET /api/privacy/my-data): every field the account's owner may see. */
export type TMyDataExport = {
  format: 'bilheto-data-export';
  version: 1;
  generatedAt: string;
  notes: string[];
  account: {
    id: string;
    name: string;
    email: string;
    document: string;
    nationality: number;
    birthDate: string;
    responsibleDocument: string | null;
    gender: number | null;
    ddiPhone: string;
    phone: string;
    stateIbge: number | null;
    cityIbge: number | null;
    emailVerifiedAt: string | null;
    phoneVerifiedAt: string | null;
    createdAt: string;
    updatedAt: string;
  };
  consents: {
    marketingEmails: boolean;
    /** Not collected: the product sends no promotional SMS. */
    marketingSms: null;
    /**
     * The Terms of use and Privacy policy accepted at registration, and each cookie choice
     * (cookies_analytics, cookies_marketing: granted or refused), with version and time (none for
     * accounts older than the record).
     */
    termsAcceptance: { kind: string; version: string; granted: boolean; acceptedAt: string }[];
  };
  /** Facial biometry: statuses and dates only (the stored face is never exported). */
  biometry: TBiometryExport;
  orders: {
    id: string;
    eventId: number;
    eventName: string;
    status: number;
    method: string;
    installments: number;
    currency: string;
    totalCents: number;
    interestCents: number;
    createdAt: string;
    paidAt: string | null;
    items: {
      eventName: string;
      sectionName: string;
      ticketName: string;
      placeAlias: string | null;
      quantity: number;
      unitCents: number;
      /** The holder CPFs of the units: the account's own in full, others masked. */
      holders: string[];
    }[];
    payment: {
      status: string;
      amountCents: number;
      currency: string;
      method: string;
      cardBrand: string | null;
      cardLast4: string | null;
      createdAt: string;
    } | null;
  }[];
  tickets: {
    id: string;
    orderId: string;
    eventId: number;
    eventName: string;
    startsAt: string;
    holderCpf: string;
    createdAt: string;
  }[];
  transfers: {
    sent: {
      id: string;
      ticketId: string;
      eventName: string;
      destinationCpf: string;
      status: number;
      createdAt: string;
      updatedAt: string;
    }[];
    received: {
      id: string;
      ticketId: string;
      eventName: string;
      fromName: string;
      status: number;
      createdAt: string;
      updatedAt: string;
    }[];
  };
  sessions: { createdAt: string; expiresAt: string; current: boolean }[];
};

/** The privacy calls' own messages: `API_MESSAGES[locale].privacy` (the rest come from the account catalogue). */
export type TPrivacyMessageKey = keyof TApiMessages['privacy'];
