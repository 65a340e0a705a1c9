import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { passBySerial } from './pass-facts.ts';

/** `Authorization: ApplePass <token>` → the token. */
export const applePassToken = (header: string | undefined) =>
  /^ApplePass (\S+)$/.exec(header ?? '')?.[1] ?? null;

/** POST /v1/devices/{device}/registrations/{passType}/{serial}: 201 new, 200 known, 401 bad token. */
export async function registerDevice(
  db: TDb,
  who: { deviceId: string; passTypeId: string; serial: string; token: string | null },
  pushToken: string,
): Promise<201 | 200 | 401> {
  if (!(await passBySerial(db, who.serial, who.token))) return 401;
  const added = await rows(
    db,
    sql`insert into wallet_registrations (device_id, pass_type_id, serial, push_token)
        values (${who.deviceId}, ${who.passTypeId}, ${who.serial}, ${pushToken})
        on conflict (device_id, pass_type_id, serial) do update set push_token = excluded.push_token
        returning (xmax = 0) as inserted`,
  );
  return (added[0] as { inserted: boolean } | undefined)?.inserted ? 201 : 200;
}

/** DELETE of the same path: 200, or 401 with a bad token. */
export async function unregisterDevice(
  db: TDb,
  who: { deviceId: string; passTypeId: string; serial: string; token: string | null },
): Promise<200 | 401> {
  if (!(await passBySerial(db, who.serial, who.token))) return 401;
  await db.execute(sql`delete from wallet_registrations
    where device_id = ${who.deviceId} and pass_type_id = ${who.passTypeId} and serial = ${who.serial}`);
  return 200;
}

/**
 * GET /v1/devices/{device}/registrations/{passType}?passesUpdatedSince=tag: the device's serials
 * whose ticket changed after the tag (the tag is the latest change, in ms), or null (204) if none.
 */
export async function serialsUpdatedSince(
  db: TDb,
  deviceId: string,
  passTypeId: string,
  since: string | undefined,
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  const after = since && /^\d+$/.test(since) ? new Date(Number(since)) : new Date(0);
  const found = await rows<{ serial: string; changed_at: Date | string }>(
    db,
    sql`select r.serial, t.changed_at from wallet_registrations r
        join wallet_passes p on p.serial = r.serial
        join tickets t on t.id = p.ticket_id
        where r.device_id = ${deviceId} and r.pass_type_id = ${passTypeId}
          and date_trunc('milliseconds', t.changed_at) > ${after.toISOString()}::timestamptz
        order by r.serial`,
  );
  if (found.length === 0) return null;
  const last = Math.max(...found.map((row) => new Date(row.changed_at).getTime()));
  return { serialNumbers: found.map((row) => row.serial), lastUpdated: String(last) };
}
