import type { TPaymentGateway } from '../../adapters/payments/gateway.ts';
import { createPaymentGateways, type TGatewayRegistry } from '../../adapters/payments/index.ts';
import type { TConfig } from '../../config.ts';
import type { TDatabase, TDb } from '../../db/client.ts';
import type { TLogger } from '../../logger.ts';
import type { TOutbox } from '../outbox/outbox-worker.ts';
import { createTicketSigner, type TTicketSigner } from '../tickets/ticket-keys.ts';

/** What the checkout use-cases need, built once per process. Orders always use the durable pool. */
export type TCheckoutServices = {
  db: TDb;
  config: TConfig;
  log: TLogger;
  /** Every configured gateway; each event is sold by the one its catalogue entry names. */
  gateways: TGatewayRegistry;
  signer: TTicketSigner;
  /** Sends the confirmation and refund e-mails their transactions enqueued (nudged after each commit). */
  outbox: TOutbox;
  /** Resolves when every message due so far has been delivered (tests). */
  idle(): Promise<void>;
};

/**
 * The gateway holding a payment's charge (its row's `gateway`). One taken out of the configuration
 * while it still holds charges is an error the reconciler logs and retries at its next pass.
 */
export function gatewayOfPayment(s: TCheckoutServices, kind: string): TPaymentGateway {
  const gateway = s.gateways.byKind(kind);
  if (!gateway) throw new Error(`the payment gateway ${kind} holds charges but is not configured`);
  return gateway;
}

export function createCheckoutServices(options: {
  config: TConfig;
  database: TDatabase;
  log: TLogger;
  outbox: TOutbox;
}) {
  const { config, database, log, outbox } = options;
  const gateways = createPaymentGateways(config, database.db);
  const services: TCheckoutServices = {
    db: database.db,
    config,
    log,
    gateways,
    signer: createTicketSigner(database.db, config.TICKET_SIGNING_KEY),
    outbox,
    idle: () => outbox.drain(),
  };
  return services;
}
