import type { TLocale } from '@ingressos/domain';
import { createMailer, type TMailer } from '../../adapters/mail/index.ts';
import type { TPaymentGateway } from '../../adapters/payments/gateway.ts';
import { createPaymentGateway } from '../../adapters/payments/index.ts';
import type { TConfig } from '../../config.ts';
import type { TDatabase, TDb } from '../../db/client.ts';
import type { TLogger } from '../../logger.ts';
import { sendConfirmationMail } from './confirmation-mail.ts';
import { sendRefundMail } from './refund-mail.ts';
import { createTicketSigner, type TTicketSigner } from './ticket-keys.ts';

/** What the checkout use-cases need, built once per process. Orders always use the durable pool. */
export type TCheckoutServices = {
  db: TDb;
  config: TConfig;
  log: TLogger;
  gateway: TPaymentGateway;
  signer: TTicketSigner;
  mailer: TMailer;
  /** Runs after tickets were issued and committed: the confirmation e-mail (never fails the payment). */
  afterIssue(orderId: string, locale: TLocale): void;
  /** Runs after a refund was confirmed: the buyer's e-mail saying why (never fails the refund). */
  afterRefund(orderId: string, locale?: TLocale): void;
  /** Resolves when every confirmation e-mail started so far has been sent (tests). */
  idle(): Promise<void>;
};

export function createCheckoutServices(options: { config: TConfig; database: TDatabase; log: TLogger }) {
  const { config, database, log } = options;
  const pending = new Set<Promise<void>>();
  const track = (job: Promise<void>, what: string, orderId: string) => {
    const tracked = job
      .catch((error: unknown) => log.error(`${what} failed`, { error, orderId }))
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  const services: TCheckoutServices = {
    db: database.db,
    config,
    log,
    gateway: createPaymentGateway(config, database.db),
    signer: createTicketSigner(database.db, config.TICKET_SIGNING_KEY),
    mailer: createMailer(config, database.db),
    afterIssue(orderId, locale) {
      track(sendConfirmationMail(services, orderId, locale), 'confirmation e-mail', orderId);
    },
    afterRefund(orderId, locale = 'pt-BR') {
      track(sendRefundMail(services, orderId, locale), 'refund e-mail', orderId);
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
  return services;
}
