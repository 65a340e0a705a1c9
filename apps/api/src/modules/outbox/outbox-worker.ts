import type { TMailer } from '../../adapters/mail/index.ts';
import type { TSmsSender } from '../../adapters/sms/index.ts';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import type { TLogger } from '../../logger.ts';
import { deliverOutbox, type TDeliveryDeps, type TRenderer } from './deliver-outbox.ts';

/** The worker of one process, over the transports it sends through. */
export type TOutbox = {
  mailer: TMailer;
  sms: TSmsSender;
  /** After a commit that enqueued a message: deliver soon, without waiting for the next poll. */
  nudge(): void;
  /** Delivers until nothing is due (a retry scheduled later is left for later). Tests use it. */
  drain(): Promise<void>;
  /** Polls every OUTBOX_POLL_SECONDS (main.ts), so messages of a process that died still go. */
  start(): void;
  /** Stops polling and waits for the round in flight. */
  stop(): Promise<void>;
};

export type TOutboxOptions = {
  db: TDb;
  config: TConfig;
  log: TLogger;
  mailer: TMailer;
  sms: TSmsSender;
  render: TRenderer;
};

export function createOutbox(options: TOutboxOptions): TOutbox {
  const { config, log } = options;
  const deps: TDeliveryDeps = {
    ...options,
    messageIdDomain: config.MAIL_FROM.match(/@([^>\s]+)/)?.[1] ?? 'localhost',
    leaseSeconds: config.OUTBOX_LEASE_SECONDS,
    retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
    retryCapMs: config.OUTBOX_RETRY_CAP_SECONDS * 1000,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    crashAt: config.TEST_OUTBOX_CRASH_AT,
  };
  // One round at a time per process; a nudge during a round asks for another one after it.
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const kick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        while ((await deliverOutbox(deps)) > 0) {}
      } while (again);
    })()
      .catch((error: unknown) => log.warn('outbox delivery failed', { error }))
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    mailer: options.mailer,
    sms: options.sms,
    nudge() {
      void kick();
    },
    drain: kick,
    start() {
      if (timer) return;
      timer = setInterval(() => void kick(), config.OUTBOX_POLL_SECONDS * 1000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
