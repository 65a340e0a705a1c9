/**
 * Where the outbox fault suite (e2e/outbox.pg.e2e.ts) kills the process (SIGKILL) while it
 * holds a message's lease; never set outside that suite.
 * - before_send: claimed (and its content made), the mail server not yet called;
 * - after_send: the mail server accepted it, it was not marked sent: the one window in which a
 *   message can go twice (with the same Message-ID).
 */
export type TOutboxCrashPoint = 'before_send' | 'after_send';

export function outboxCrashPoint(at: TOutboxCrashPoint | undefined, here: TOutboxCrashPoint) {
  if (at === here) process.kill(process.pid, 'SIGKILL');
}
