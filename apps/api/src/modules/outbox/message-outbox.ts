import { createMailer } from '../../adapters/mail/index.ts';
import { createSmsSender } from '../../adapters/sms/index.ts';
import type { TConfig } from '../../config.ts';
import type { TDatabase } from '../../db/client.ts';
import type { TLogger } from '../../logger.ts';
import { createOutbox, type TOutbox } from './outbox-worker.ts';
import { registeredRenderer, type TMailRenderers } from './renderers.ts';

/**
 * The process's outbox over the configured transports (SMTP or the local mailbox, an SMS
 * provider or the local list), with the messages made at delivery by the renderers the modules
 * registered (today the purchase confirmation, whose ticket PDFs are drawn outside the
 * transaction that issued the tickets). Through the database's background pool: at an on-sale's
 * peak the confirmations keep going out while every request connection is busy (issue 37).
 */
export function createMessageOutbox(options: {
  config: TConfig;
  database: TDatabase;
  log: TLogger;
  renderers: TMailRenderers;
}): TOutbox {
  const { config, database, log } = options;
  const db = database.backgroundDb;
  return createOutbox({
    db,
    config,
    log,
    mailer: createMailer(config, db),
    sms: createSmsSender(config, db),
    render: registeredRenderer(options.renderers, { db, config }),
  });
}
