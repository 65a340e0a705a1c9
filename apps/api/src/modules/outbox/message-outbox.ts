import type { TLocale } from '@ingressos/domain';
import { createMailer } from '../../adapters/mail/index.ts';
import { createSmsSender } from '../../adapters/sms/index.ts';
import type { TConfig } from '../../config.ts';
import type { TDatabase } from '../../db/client.ts';
import type { TLogger } from '../../logger.ts';
import { renderConfirmationMail } from '../checkout/confirmation-mail.ts';
import { createOutbox, type TOutbox } from './outbox-worker.ts';

/**
 * The process's outbox over the configured transports (SMTP or the local mailbox, an SMS
 * provider or the local list), with the one message made at delivery: the purchase
 * confirmation, whose ticket PDFs are drawn outside the transaction that issued the tickets.
 */
export function createMessageOutbox(options: {
  config: TConfig;
  database: TDatabase;
  log: TLogger;
}): TOutbox {
  const { config, database, log } = options;
  const db = database.db;
  return createOutbox({
    db,
    config,
    log,
    mailer: createMailer(config, db),
    sms: createSmsSender(config, db),
    render: (request) => renderConfirmationMail({ db, config }, request.orderId, request.locale as TLocale),
  });
}
