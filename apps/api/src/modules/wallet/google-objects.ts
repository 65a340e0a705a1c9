import { GoogleAuth } from 'google-auth-library';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';
import { googleObjectId } from './google-save.ts';
import type { TGoogleWallet } from './settings.ts';

/** Sets a saved eventTicketObject's state at Google (the real client) or records it (the local default). */
export type TGoogleObjects = { setState(objectId: string, state: 'ACTIVE' | 'EXPIRED'): Promise<void> };

/** The real client: PATCH of the Wallet API's eventTicketObject with the service account's token. */
export function googleObjectsClient(google: TGoogleWallet): TGoogleObjects {
  const auth = new GoogleAuth({
    credentials: google.account,
    scopes: ['https://www.googleapis.com/auth/wallet_object.issuer'],
  });
  return {
    async setState(objectId, state) {
      const client = await auth.getClient();
      await client.request({
        url: `https://walletobjects.googleapis.com/walletobjects/v1/eventTicketObject/${encodeURIComponent(objectId)}`,
        method: 'PATCH',
        data: { state },
      });
    },
  };
}

/** The local default (development, tests): keeps the calls it was asked to make. */
export function localGoogleObjects(): TGoogleObjects & { calls: { objectId: string; state: string }[] } {
  const calls: { objectId: string; state: string }[] = [];
  return {
    calls,
    async setState(objectId, state) {
      calls.push({ objectId, state });
    },
  };
}

/**
 * Sends Google the state of every saved object whose ticket was transferred (a later QR version) or
 * refunded since its last state (EXPIRED), and records it; a failed call is tried on the next run.
 */
export async function syncGoogleStates(
  db: TDb,
  google: TGoogleWallet,
  objects: TGoogleObjects,
): Promise<number> {
  const due = await rows<{ serial: string; state: 'ACTIVE' | 'EXPIRED' }>(
    db,
    sql`select p.serial, case when t.qr_version <> p.qr_version or t.voided_at is not null then 'EXPIRED' else 'ACTIVE' end as state
        from wallet_passes p join tickets t on t.id = p.ticket_id
        where p.google_state is not null
          and p.google_state <> case when t.qr_version <> p.qr_version or t.voided_at is not null then 'EXPIRED' else 'ACTIVE' end`,
  );
  for (const pass of due) {
    await objects.setState(googleObjectId(google, pass.serial), pass.state);
    await db.execute(
      sql`update wallet_passes set google_state = ${pass.state} where serial = ${pass.serial}`,
    );
  }
  return due.length;
}

/** The save link was given: the object exists (ACTIVE) from Google's point of view once saved. */
export async function markGoogleSaved(db: TDb, serial: string) {
  await db.execute(
    sql`update wallet_passes set google_state = 'ACTIVE' where serial = ${serial} and google_state is null`,
  );
}
