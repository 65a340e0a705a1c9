import type { TImportEvent } from '@ingressos/contracts';
import { normalizeAccessCode } from '@ingressos/domain/exclusive-access';
import type { TDb } from '../../db/client.ts';
import { eq } from '../../db/orm.ts';
import { eventAccessCodes } from '../../db/schema/index.ts';
import { accessCodeHash } from '../cart/exclusive-access.ts';

/**
 * The file's issuers' BIN prefixes and codes replace the event's old ones (they sell nothing, so
 * there is nothing to keep). Answers whether anything changed.
 */
export async function replaceAccessCodes(db: TDb, eventId: number, event: TImportEvent): Promise<boolean> {
  const wanted = event.exclusiveAccess.flatMap((issuer) => [
    ...issuer.binPrefixes.map((binPrefix) => ({
      eventId,
      emissorType: issuer.type,
      binPrefix,
      codeHash: null,
    })),
    ...issuer.codes.map((code) => ({
      eventId,
      emissorType: issuer.type,
      binPrefix: null,
      // The import contract already refused codes that do not normalise.
      codeHash: accessCodeHash(eventId, issuer.type, normalizeAccessCode(issuer.type, code)!),
    })),
    // Issue 34: codes as stored (an exported document), kept as they are.
    ...issuer.codeHashes.map((codeHash) => ({
      eventId,
      emissorType: issuer.type,
      binPrefix: null,
      codeHash,
    })),
  ]);
  const key = (row: { emissorType: string; binPrefix: string | null; codeHash: string | null }) =>
    `${row.emissorType}|${row.binPrefix ?? ''}|${row.codeHash ?? ''}`;
  const unique = [...new Map(wanted.map((row) => [key(row), row])).values()];
  const current = await db
    .select({
      emissorType: eventAccessCodes.emissorType,
      binPrefix: eventAccessCodes.binPrefix,
      codeHash: eventAccessCodes.codeHash,
    })
    .from(eventAccessCodes)
    .where(eq(eventAccessCodes.eventId, eventId));
  const before = new Set(current.map(key));
  if (before.size === unique.length && unique.every((row) => before.has(key(row)))) return false;
  await db.delete(eventAccessCodes).where(eq(eventAccessCodes.eventId, eventId));
  for (let i = 0; i < unique.length; i += 1_000) {
    await db.insert(eventAccessCodes).values(unique.slice(i, i + 1_000));
  }
  return true;
}
