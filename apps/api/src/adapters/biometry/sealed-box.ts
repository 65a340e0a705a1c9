import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { TDb } from '../../db/client.ts';
import { eq } from '../../db/orm.ts';
import { appMeta } from '../../db/schema/index.ts';

/** AES-256-GCM with a random 96-bit IV per value: base64url of iv | tag | ciphertext. */
export type TSealedBox = {
  seal(plain: Uint8Array): Promise<string>;
  /** Throws when the value was altered or sealed under another key. */
  open(sealed: string): Promise<Uint8Array>;
};

const KEY = 'biometry_encryption_key';

/**
 * The key of the biometry store: BIOMETRY_ENCRYPTION_KEY when set, otherwise 32 random bytes
 * generated on first use and kept in app_meta (like the link-signing secret), so every process
 * and restart shares it. A deployment that wants the key outside the database sets the variable.
 */
export function createSealedBox(db: TDb, configured: string | undefined): TSealedBox {
  let key: Promise<Buffer> | undefined;
  const load = async () => {
    if (configured) return Buffer.from(configured, 'base64');
    await db
      .insert(appMeta)
      .values({ key: KEY, value: randomBytes(32).toString('base64') })
      .onConflictDoNothing();
    const [row] = await db.select().from(appMeta).where(eq(appMeta.key, KEY));
    if (!row) throw new Error('biometry encryption key missing');
    return Buffer.from(row.value, 'base64');
  };
  const keyOf = () => {
    key ??= load().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  return {
    async seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(), iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    async open(sealed) {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', await keyOf(), bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]));
    },
  };
}
