import { generateKeyPairSync } from 'node:crypto';
import { exportJWK, exportSPKI, importPKCS8, importSPKI, type JWK, jwtVerify, SignJWT } from 'jose';
import type { TDb } from '../../db/client.ts';
import { eq } from '../../db/orm.ts';
import { appMeta } from '../../db/schema/index.ts';

const KEY = 'ticket_signing_key';
const ALG = 'EdDSA';

/**
 * `v`: the QR's version (absent on the first QRs: read as 1); a transfer re-issues with v + 1.
 * `oid` is given when signing but not carried in the QR (the ticket id leads to the order), so
 * verify() answers it only for QR codes signed before the compact form.
 */
export type TTicketClaims = { tid: string; oid?: string; eid: number; lot: number; u: number; v?: number };

/**
 * What the QR carries: one-letter claims and the ticket's UUID as 22 base64url characters, and a
 * header of `alg` only. About 190 characters, a version 10 QR at level M (57 modules) instead of
 * version 13 (69) for the long form: each module about a fifth larger on the same screen, which a
 * gate's scanner reads from further away. Still a compact JWS any EdDSA library verifies.
 */
type TCompactClaims = { t: string; e: number; l: number; u: number; v?: number };

const packUuid = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
function unpackUuid(packed: string) {
  const hex = Buffer.from(packed, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Both forms read the same: the compact one, and the long one of QR codes issued before it. */
export function ticketClaimsOf(payload: Record<string, unknown>): TTicketClaims {
  if (typeof payload.t !== 'string') return payload as unknown as TTicketClaims;
  const c = payload as unknown as TCompactClaims;
  return { tid: unpackUuid(c.t), eid: c.e, lot: c.l, u: c.u, ...(c.v === undefined ? {} : { v: c.v }) };
}

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
      const compact: TCompactClaims = { t: packUuid(claims.tid), e: claims.eid, l: claims.lot, u: claims.u };
      if (claims.v !== undefined) compact.v = claims.v;
      return new SignJWT(compact).setProtectedHeader({ alg: ALG }).sign(privateKey);
    },
    async verify(qr) {
      const { publicKey } = await get();
      const { payload } = await jwtVerify(qr, publicKey, { algorithms: [ALG] });
      return ticketClaimsOf(payload);
    },
    async publicKey() {
      const { publicKey, pem } = await get();
      const jwk = await exportJWK(publicKey);
      return { alg: ALG, jwk: { ...jwk, alg: ALG, use: 'sig' }, pem: pem || (await exportSPKI(publicKey)) };
    },
  };
}
