import { randomBytes } from 'node:crypto';
import type { TDatabase } from '../../db/client.ts';
import { eq } from '../../db/orm.ts';
import { appMeta } from '../../db/schema/index.ts';

const KEY = 'link_signing_secret';

/**
 * The key that signs e-mail links and local captcha answers: LINK_SECRET when set, otherwise one
 * generated on first use and kept in app_meta, so every process and restart shares it.
 */
export function createLinkSecret(
  database: TDatabase,
  configured: string | undefined,
): () => Promise<Uint8Array> {
  let secret: Promise<Uint8Array> | undefined;
  const load = async () => {
    if (configured) return new TextEncoder().encode(configured);
    await database.db
      .insert(appMeta)
      .values({ key: KEY, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await database.db.select().from(appMeta).where(eq(appMeta.key, KEY));
    if (!row) throw new Error('link signing secret missing');
    return new TextEncoder().encode(row.value);
  };
  return () => {
    secret ??= load().catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}
