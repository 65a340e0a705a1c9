/**
 * The checkout's steps where the fault suite (e2e/payment-faults.pg.e2e.ts) kills the process:
 * with TEST_CRASH_AT set to a step's name, a checkout that reaches it dies there with SIGKILL, as
 * a process would in a power cut. Never set outside that suite.
 * - after_reserve: the order and its payment row are committed, the gateway was not called;
 * - after_charge: the gateway answered, nothing of its answer was recorded;
 * - during_issue: inside the transaction that issues the tickets, before it commits;
 * - after_issue: the tickets (with their e-mail's outbox row) are committed, the outbox was not nudged.
 * When another process issued the order first, both issue-step points are where this one learns it.
 */
export type TCrashPoint = 'after_reserve' | 'after_charge' | 'during_issue' | 'after_issue';

export function crashPoint(at: TCrashPoint | undefined, here: TCrashPoint) {
  if (at === here) process.kill(process.pid, 'SIGKILL');
}
