import type { TApplePush } from '../../adapters/apple-push/index.ts';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';

/**
 * Pushes (APNs, through the adapter) every device registered for a pass whose ticket changed
 * (transferred, refunded: tickets.changed_at) since the registration's last push, or since it
 * registered; once per change, recorded in pushed_at (the change's
 * time seen, so a change during the run is pushed on the next one). A failed push is tried on the next run.
 */
export async function pushAppleUpdates(db: TDb, push: TApplePush): Promise<number> {
  const due = await rows<{
    device_id: string;
    pass_type_id: string;
    serial: string;
    push_token: string;
    changed_at: string;
  }>(
    db,
    sql`select r.device_id, r.pass_type_id, r.serial, r.push_token, t.changed_at::text as changed_at
        from wallet_registrations r
        join wallet_passes p on p.serial = r.serial
        join tickets t on t.id = p.ticket_id
        where t.changed_at > coalesce(r.pushed_at, r.created_at)
        order by r.serial, r.device_id`,
  );
  let sent = 0;
  for (const device of due) {
    await push.push(device.push_token, device.pass_type_id);
    await db.execute(
      sql`update wallet_registrations set pushed_at = ${device.changed_at}::timestamptz
          where device_id = ${device.device_id} and pass_type_id = ${device.pass_type_id}
            and serial = ${device.serial}`,
    );
    sent += 1;
  }
  return sent;
}
