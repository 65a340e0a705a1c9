import { randomBytes } from 'node:crypto';
import { fromBase64Url, ticketRotationSecret, toBase64Url } from '@ingressos/domain/rotating-code';
import type { TDb } from '../../db/client.ts';
import { sql } from '../../db/orm.ts';
import { rows } from '../../db/rows.ts';

/**
 * Issue 35: the one writer of `event_rotation_keys`. An event's key is 32 random bytes made on
 * first use (two processes racing keep the first one written: insert on conflict do nothing, then
 * read). It goes to the gate app and derives each ticket's TOTP secret; never to a buyer.
 */
export async function eventRotationKey(db: TDb, eventId: number): Promise<string> {
  const [found] = await rows<{ key: string }>(
    db,
    sql`select key from event_rotation_keys where event_id = ${eventId}`,
  );
  if (found) return found.key;
  await rows(
    db,
    sql`insert into event_rotation_keys (event_id, key) values (${eventId}, ${toBase64Url(randomBytes(32))})
        on conflict (event_id) do nothing`,
  );
  const [made] = await rows<{ key: string }>(
    db,
    sql`select key from event_rotation_keys where event_id = ${eventId}`,
  );
  return made!.key;
}

/** A ticket's TOTP secret at its version, as base64url (what My tickets hands the holder's device). */
export async function ticketSecretText(eventKey: string, ticketId: string, version: number): Promise<string> {
  return toBase64Url(await ticketRotationSecret(fromBase64Url(eventKey), ticketId, version));
}
