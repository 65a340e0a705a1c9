import { createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

/**
 * How far X-Plug-Date may be from now. Malga's documentation recommends refusing events older
 * than 5 minutes; we allow 10 (docs/decisions.md "Gateway: malga"): a notice refused here is not
 * lost, the reconciler asks Malga about the charge anyway.
 */
export const MALGA_WEBHOOK_TOLERANCE_MS = 10 * 60_000;

export type TMalgaSignatureCheck = {
  /** The webhook's Ed25519 public key (PEM), as POST /v1/webhooks answered it. */
  publicKey: KeyObject;
  /** The body exactly as received. */
  rawBody: string;
  /** X-Plug-Date: when the event was generated, a Unix timestamp in milliseconds. */
  date: string | undefined;
  /** X-Plug-Signature: the Ed25519 signature, hex. */
  signature: string | undefined;
  now?: number;
};

/** Reads the webhook's public key: a PEM, its newlines possibly written as "\n" in an env file. */
export function malgaWebhookKey(pem: string): KeyObject {
  const key = createPublicKey(pem.replace(/\\n/g, '\n'));
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the Malga webhook key must be an Ed25519 key');
  return key;
}

/**
 * Malga's webhook signature (Webhooks v1.1, docs.malga.io/documentations/webhooks/webhook1-1):
 * X-Plug-Signature is the hex Ed25519 signature of `<X-Plug-Date>\n<raw body>`, verified with the
 * public key Malga returned when the webhook was created. A date beyond the tolerance is refused
 * however well signed (a replayed capture).
 */
export function verifyMalgaSignature(check: TMalgaSignatureCheck): boolean {
  const { date, signature } = check;
  if (!date || !signature || !/^\d{10,16}$/.test(date) || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  // The documentation says milliseconds; a value in seconds is read as such rather than as 1970.
  const at = date.length > 11 ? Number(date) : Number(date) * 1000;
  if (Math.abs((check.now ?? Date.now()) - at) > MALGA_WEBHOOK_TOLERANCE_MS) return false;
  try {
    return verify(
      null,
      Buffer.from(`${date}\n${check.rawBody}`, 'utf8'),
      check.publicKey,
      Buffer.from(signature, 'hex'),
    );
  } catch {
    return false;
  }
}

/** Signs a notice as Malga does (the stand-in and tests hold the private key). */
export function signMalgaNotice(privateKey: KeyObject, rawBody: string, date: string) {
  return sign(null, Buffer.from(`${date}\n${rawBody}`, 'utf8'), privateKey).toString('hex');
}
