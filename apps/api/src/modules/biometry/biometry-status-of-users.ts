import type { TBiometryStatus } from '@ingressos/domain/biometry';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';

/**
 * The biometry status of each account (its newest enrolment's); an account without one is absent
 * from the map (none: NOT_EXISTENT). For the purchase rule, which asks about every holder at once.
 */
export async function biometryStatusOfUsers(
  db: TDb,
  userIds: string[],
): Promise<Map<string, TBiometryStatus>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const found = await rows<{ user_id: string; status: number }>(
    db,
    sql`
      select distinct on (user_id) user_id, status
      from biometry_enrolments
      where user_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by user_id, created_at desc`,
  );
  return new Map(found.map((row) => [row.user_id, Number(row.status) as TBiometryStatus]));
}
