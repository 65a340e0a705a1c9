import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';

/** What the checkout's e-mails need to be written (the outbox sends them). */
export type TMailDeps = { db: TDb; config: TConfig };
