import type { TMailer } from '../../adapters/mail/index.ts';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';

/** What the checkout's e-mails need (not the whole checkout services, which send them). */
export type TMailDeps = { db: TDb; config: TConfig; mailer: TMailer };
