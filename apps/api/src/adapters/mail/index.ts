import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { createLocalOutboxMailer } from './local-outbox.ts';
import type { TMailer } from './mailer.ts';
import { createSmtpMailer } from './smtp.ts';

export type { TMail, TMailer } from './mailer.ts';

export function createMailer(config: TConfig, db: TDb): TMailer {
  return config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createLocalOutboxMailer(db);
}
