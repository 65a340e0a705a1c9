import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Issue 33: a staff member's TOTP secret is kept sealed (AES-256-GCM, a random IV per value) under
 * a key of its own derived from the server's link secret (accounts' `secret`: LINK_SECRET, or the
 * one kept in app_meta), so a copy of the table alone gives nobody the second factor.
 */
export type TTotpBox = { seal(secret: string): Promise<string>; open(sealed: string): Promise<string> };

export function createTotpBox(linkSecret: () => Promise<Uint8Array>): TTotpBox {
  let key: Promise<Buffer> | undefined;
  const keyOf = () => {
    key ??= linkSecret()
      .then((bytes) => createHmac('sha256', bytes).update('bilheto/staff-totp/v1').digest())
      .catch((error: unknown) => {
        key = undefined;
        throw error;
      });
    return key;
  };
  return {
    async seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(), iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    async open(sealed) {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', await keyOf(), bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
