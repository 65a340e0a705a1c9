/**
 * Test-only barriers where a purchase and an account deletion race (issue 31): a step that
 * reaches one waits there, so a test can make the other request run at exactly that moment.
 * - deletion_locked: in the deletion's transaction, the account row locked and its blockers read
 *   (none), before anonymising;
 * - reserve_locked: in the reserve's transaction, the account and cart rows locked and the account
 *   found not deleted, before the order is written;
 * - after_reserve: the order and its payment row committed, before the gateway is charged.
 * In-process tests hold a step with `holdAt` (released by the test); the two-process suite sets
 * TEST_PAUSE_AT=<step>:<ms> and the process sleeps that long there. Never set outside the tests.
 */
export const PAUSE_POINTS = ['deletion_locked', 'reserve_locked', 'after_reserve'] as const;
export type TPausePoint = (typeof PAUSE_POINTS)[number];
export type TPauseAt = { point: TPausePoint; ms: number };

const held = new Map<TPausePoint, () => Promise<void>>();

/**
 * Tests only: the next requests reaching `point` call `wait` and go on when it resolves. Answers the
 * function that takes the barrier away.
 */
export function holdAt(point: TPausePoint, wait: () => Promise<void>): () => void {
  held.set(point, wait);
  return () => {
    if (held.get(point) === wait) held.delete(point);
  };
}

export async function pausePoint(at: TPauseAt | undefined, here: TPausePoint): Promise<void> {
  const wait = held.get(here);
  if (wait) await wait();
  if (at?.point === here) await new Promise((resolve) => setTimeout(resolve, at.ms));
}
