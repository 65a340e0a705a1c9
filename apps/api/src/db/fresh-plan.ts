/**
 * A statement whose text holds this comment is planned at every run: the clients that keep
 * statements (pg-statements.ts, pglite-statements.ts) never name it. For a statement that probes a
 * table growing fast under it (a queue's places during a rush), a kept statement's generic plan is
 * made once, with the table's size at that moment: planned while the queue had one page, a
 * probe by key is a sequential scan, and it stays one until autovacuum invalidates the plan
 * (a minute or more). A fresh plan reads the table's current size. Meant for batch statements,
 * whose planning is shared by the whole batch, and for a probe whose kept plan would scan what the
 * rush grows (the account cap of a logged-in hold: planning costs a fraction of a millisecond, the
 * scan 20–50 ms).
 */
export const FRESH_PLAN = '/* planned at each run */';
