import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, exportSPKI, importPKCS8, importSPKI, type JWK, jwtVerify, SignJWT } from 'jose';
import type { TDb } from '../../db/client.ts';
import { appMeta } from '../../db/schema/index.ts';

const KEY = 'ticket_signing_key';
const ALG = 'EdDSA';

/** `v`: the QR's version (absent on the first QRs: read as 1); a transfer re-issues with v + 1. */
export type TTicketClaims = { tid: string; oid: string; eid: number; lot: number; u: number; v?: number };

export type TTicketSigner = {
  sign(claims: TTicketClaims): Promise<string>;
  verify(qr: string): Promise<TTicketClaims>;
  publicKey(): Promise<{ alg: string; jwk: JWK; pem: string }>;
};

/**
 * The Ed25519 key that signs ticket QR payloads (compact JWS). A gate verifies offline with the
 * public key (GET /api/tickets/public-key). TICKET_SIGNING_KEY when set; otherwise generated on
 * first use and kept in app_meta, so every process shares it.
 */
export function createTicketSigner(db: TDb, configured: string | undefined): TTicketSigner {
  let keys: Promise<{ privateKey: CryptoKey; publicKey: CryptoKey; pem: string }> | undefined;
  const load = async () => {
    let pkcs8 = configured;
    if (!pkcs8) {
      const generated = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' });
      await db
        .insert(appMeta)
        .values({ key: KEY, value: String(generated) })
        .onConflictDoNothing();
      const [row] = await db.select().from(appMeta).where(eq(appMeta.key, KEY));
      pkcs8 = row!.value;
    }
    const privateKey = await importPKCS8(pkcs8, ALG, { extractable: true });
    const { createPrivateKey, createPublicKey } = await import('node:crypto');
    const pem = String(createPublicKey(createPrivateKey(pkcs8)).export({ format: 'pem', type: 'spki' }));
    const publicKey = await importSPKI(pem, ALG, { extractable: true });
    return { privateKey, publicKey, pem };
  };
  const get = () => {
    keys ??= load().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
  return {
    async sign(claims) {
      const { privateKey } = await get();
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: ALG, typ: 'ticket+jwt' })
        .setIssuedAt()
        .sign(privateKey);
    },
    async verify(qr) {
      const { publicKey } = await get();
      const { payload } = await jwtVerify(qr, publicKey, { algorithms: [ALG] });
      return payload as unknown as TTicketClaims;
    },
    async publicKey() {
      const { publicKey, pem } = await get();
      const jwk = await exportJWK(publicKey);
      return { alg: ALG, jwk: { ...jwk, alg: ALG, use: 'sig' }, pem: pem || (await exportSPKI(publicKey)) };
    },
  };
}
