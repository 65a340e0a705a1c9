import { BIOMETRY_STATUS, type TBiometryStatus } from '@ingressos/domain/biometry';
import { biometryMovesInto, OPEN_BIOMETRY_STATUSES } from '@ingressos/domain/biometry-lifecycle';
import type { TDb } from '../../db/client.ts';
import { and, desc, eq, inArray, sql } from '../../db/orm.ts';
import { biometryEnrolments } from '../../db/schema/index.ts';

/**
 * The one writer of `biometry_enrolments.status` (docs/code-style.md rule 1): every move is a
 * conditional UPDATE from the statuses packages/domain/src/biometry-lifecycle.ts allows, so two
 * requests racing on one uuid cannot both move it (the loser's UPDATE finds no row).
 */

export type TEnrolment = typeof biometryEnrolments.$inferSelect;

/** The account's newest enrolment (its status), or null. */
export async function newestEnrolment(db: TDb, userId: string): Promise<TEnrolment | null> {
  const [row] = await db
    .select()
    .from(biometryEnrolments)
    .where(eq(biometryEnrolments.userId, userId))
    .orderBy(desc(biometryEnrolments.createdAt))
    .limit(1);
  return row ?? null;
}

export async function enrolmentByUuid(db: TDb, uuid: string): Promise<TEnrolment | null> {
  const [row] = await db.select().from(biometryEnrolments).where(eq(biometryEnrolments.uuid, uuid));
  return row ?? null;
}

/**
 * A new STARTED enrolment; when another request made the account's open one first (the partial
 * unique index), that one.
 */
export async function openEnrolment(db: TDb, userId: string, eventId: number | null): Promise<TEnrolment> {
  const [made] = await db
    .insert(biometryEnrolments)
    .values({ userId, status: BIOMETRY_STATUS.STARTED, eventId })
    .onConflictDoNothing()
    .returning();
  if (made) return made;
  const [open] = await db
    .select()
    .from(biometryEnrolments)
    .where(
      and(
        eq(biometryEnrolments.userId, userId),
        inArray(biometryEnrolments.status, [...OPEN_BIOMETRY_STATUSES]),
      ),
    );
  if (!open) throw new Error('open biometry enrolment vanished');
  return open;
}

/** Moves the enrolment to `to` when its status allows it; null when it did not (someone else moved it). */
export async function moveEnrolment(
  db: TDb,
  uuid: string,
  to: TBiometryStatus,
  extra: { reviewDueAt?: Date | null } = {},
  /** TEST ONLY (TEST_UNSAFE_BIOMETRY_MOVES): no guard, to show the race the guard prevents. */
  unguarded = false,
): Promise<TEnrolment | null> {
  const guard = eq(biometryEnrolments.uuid, uuid);
  const [row] = await db
    .update(biometryEnrolments)
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(unguarded ? guard : and(guard, inArray(biometryEnrolments.status, biometryMovesInto(to))))
    .returning();
  return row ?? null;
}

/**
 * A refused capture: one attempt more, and BLOCKED at the `maxAttempts`-th (the same rule as
 * `afterRefusedCapture`, written in SQL so the count and the move are one statement).
 */
export async function countRefusedCapture(
  db: TDb,
  uuid: string,
  maxAttempts: number,
): Promise<TEnrolment | null> {
  const [row] = await db
    .update(biometryEnrolments)
    .set({
      attempts: sql`${biometryEnrolments.attempts} + 1`,
      status: sql`(case when ${biometryEnrolments.attempts} + 1 >= ${maxAttempts}::int then ${BIOMETRY_STATUS.BLOCKED}::int else ${BIOMETRY_STATUS.IN_PROGRESS}::int end)::smallint`,
      updatedAt: new Date(),
    })
    .where(
      and(eq(biometryEnrolments.uuid, uuid), inArray(biometryEnrolments.status, [...OPEN_BIOMETRY_STATUSES])),
    )
    .returning();
  return row ?? null;
}

/**
 * The undo of a verdict whose face could not be stored (the provider failed after the move):
 * back to IN_PROGRESS so the buyer may capture again. Not a lifecycle edge: only `create` calls
 * it, right after its own move, guarded by the status it set.
 */
export async function undoVerdict(db: TDb, uuid: string, from: TBiometryStatus): Promise<void> {
  await db
    .update(biometryEnrolments)
    .set({ status: BIOMETRY_STATUS.IN_PROGRESS, reviewDueAt: null, updatedAt: new Date() })
    .where(and(eq(biometryEnrolments.uuid, uuid), eq(biometryEnrolments.status, from)));
}

/** Deletes every enrolment of the account (its tokens and kept frames go with them). */
export async function deleteEnrolments(db: TDb, userId: string): Promise<number> {
  const gone = await db
    .delete(biometryEnrolments)
    .where(eq(biometryEnrolments.userId, userId))
    .returning({ uuid: biometryEnrolments.uuid });
  return gone.length;
}
