/**
 * Where the outbox fault suite (e2e/outbox.pg.e2e.ts) kills the process: with
 * TEST_OUTBOX_CRASH_AT=after_send, a worker dies (SIGKILL) right after the mail server accepted
 * a message and before it was marked sent, the one window in which a message can go twice.
 * Never set outside that suite.
 */
export type TOutboxCrashPoint = 'after_send';

export function outboxCrashPoint(at: TOutboxCrashPoint | undefined, here: TOutboxCrashPoint) {
  if (at === here) process.kill(process.pid, 'SIGKILL');
}
