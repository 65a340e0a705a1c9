import {
  constants,
  createHash,
  createPublicKey,
  generateKeyPairSync,
  publicEncrypt,
  randomUUID,
} from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generatePixPayload } from '@brazilian-utils/brazilian-utils';
import { pagBankAuthenticityToken } from '../adapters/payments/pagbank/webhook.ts';

/**
 * A local stand-in for PagBank's Orders API (docs/payments.md, PagBank). This machine cannot reach
 * PagBank, so tests point PAGBANK_API_BASE here. It follows the documented surface the adapter
 * uses and records every request:
 * - POST /orders with charges[] (CREDIT_CARD, card.encrypted) or qr_codes[] (Pix; the answer's
 *   qr_codes[].text is the BR Code); x-idempotency-key honoured: the same key and body answer the
 *   same order, the same key with another body is a conflict (409), nothing charged;
 * - GET /orders/{id}, GET /charges/{id};
 * - POST /charges/{id}/cancel { amount: { value } }: a refund, whole or partial, of a paid charge
 *   (amount.summary.refunded; CANCELED once all of it is back), x-idempotency-key honoured.
 * The card blob is what PagBank's JS SDK makes: the card encrypted with the account's public key
 * (`publicKey`, base64 DER as PagBank hands it out); only this stand-in holds the private key.
 * Outcomes follow PagBank's documented test cards ("Cartões de teste"): 4539620659922097 and
 * 5240082975622454 PAID, 4929291898380766 and 5530062640663264 DECLINED, any other DECLINED.
 * PagBank documents no card that stays in analysis: here a holder name starting with ANALISE puts
 * an approving card IN_ANALYSIS until `settle`.
 * Faults for the next POST /orders (`fail`): answer late while the order is made at once ('late'),
 * 500 without making it ('fail_before'), make it then 500 ('fail_after'), make it then drop the
 * connection ('drop_after').
 */
export type TPagBankFault = 'late' | 'fail_before' | 'fail_after' | 'drop_after';

type TCard = { number: string; securityCode: string; expMonth: string; expYear: string; holder: string };
type TStandInCharge = {
  id: string;
  reference_id: string;
  status: string;
  created_at: string;
  paid_at?: string;
  description?: string;
  amount: { value: number; currency: string; summary: { total: number; paid: number; refunded: number } };
  payment_response: { code: string; message: string };
  payment_method: Record<string, unknown>;
};
type TStandInOrder = {
  id: string;
  reference_id: string;
  created_at: string;
  customer: unknown;
  items: unknown;
  charges?: TStandInCharge[];
  qr_codes?: {
    id: string;
    expiration_date: string;
    amount: { value: number };
    text: string;
    arrangements: string[];
  }[];
  notification_urls?: string[];
};

export type TPagBankStandIn = {
  url: string;
  /** The account's public key (base64 DER), as PAGBANK_PUBLIC_KEY. */
  publicKey: string;
  fail(fault: TPagBankFault, count?: number, lateMs?: number): void;
  received: { method: string; path: string; headers: Record<string, string>; body: string }[];
  orders: Map<string, TStandInOrder>;
  /** PagBank moves an order on its own: a card in analysis is approved, a bank pays a Pix, a Pix lapses. */
  settle(orderId: string, to: 'approved' | 'expired'): void;
  /** A notification as PagBank posts it to notification_urls: the order, signed with the token. */
  notice(
    orderId: string,
    options?: { signed?: boolean; ageSeconds?: number },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
};

export const PAGBANK_TEST_CARDS = {
  approve: {
    number: '4539620659922097',
    securityCode: '123',
    expMonth: '12',
    expYear: '2030',
    holder: 'Maria da Silva',
  },
  decline: {
    number: '4929291898380766',
    securityCode: '123',
    expMonth: '12',
    expYear: '2030',
    holder: 'Maria da Silva',
  },
  review: {
    number: '4539620659922097',
    securityCode: '123',
    expMonth: '12',
    expYear: '2030',
    holder: 'ANALISE Maria',
  },
} as const;
const PAID = new Set(['4539620659922097', '5240082975622454']);

/**
 * What PagSeguro.encryptCard does with a card, as this stand-in reads it: RSA (PKCS#1 v1.5, which a
 * synchronous in-page encryptor can do) over `number;securityCode;expMonth;expYear;holder;time` with
 * the account's public key, base64. PagBank documents RSA with the public key but not the layout:
 * only PagBank decrypts. The e2e SDK stand-in makes the same blob in the browser (BigInt RSA).
 */
export function encryptCardLikeSdk(publicKey: string, card: TCard): string {
  const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
  const plain = [card.number, card.securityCode, card.expMonth, card.expYear, card.holder, Date.now()].join(
    ';',
  );
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(plain)).toString('base64');
}

/** Textbook RSA decryption and PKCS#1 v1.5 unpadding (Node refuses PKCS#1 v1.5 private decryption). */
function rsaDecrypt(jwk: { n: string; d: string }, blob: Buffer): string | null {
  const big = (b64url: string) => BigInt(`0x${Buffer.from(b64url, 'base64url').toString('hex')}`);
  const n = big(jwk.n);
  const d = big(jwk.d);
  const size = Buffer.from(jwk.n, 'base64url').length;
  if (blob.length !== size) return null;
  let c = BigInt(`0x${blob.toString('hex')}`);
  if (c >= n) return null;
  let m = 1n;
  for (let e = d; e > 0n; e >>= 1n) {
    if (e & 1n) m = (m * c) % n;
    c = (c * c) % n;
  }
  const bytes = Buffer.from(m.toString(16).padStart(size * 2, '0'), 'hex');
  if (bytes[0] !== 0 || bytes[1] !== 2) return null;
  const end = bytes.indexOf(0, 2);
  return end < 10 ? null : bytes.subarray(end + 1).toString('utf8');
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
const brandOf = (n: string) =>
  /^(5[1-5]|2[2-7])/.test(n) ? 'mastercard' : /^3[47]/.test(n) ? 'amex' : 'visa';
const invalid = (parameter: string) => ({
  error_messages: [{ code: '40002', description: 'invalid_parameter', parameter_name: parameter }],
});
/** PagBank's dates: ISO 8601 with the -03:00 offset. */
const brt = (time: number) => `${new Date(time - 3 * 3_600_000).toISOString().slice(0, 23)}-03:00`;

export async function startPagBankStandIn(token: string): Promise<TPagBankStandIn> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicB64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const received: TPagBankStandIn['received'] = [];
  const orders = new Map<string, TStandInOrder>();
  const charges = new Map<string, { order: TStandInOrder; charge: TStandInCharge }>();
  const byKey = new Map<string, { hash: string; status: number; answer: unknown }>();
  const faults: { fault: TPagBankFault; lateMs: number }[] = [];

  const jwk = privateKey.export({ format: 'jwk' }) as { n: string; d: string };
  const decrypt = (blob: string): TCard | null => {
    const plain = /^[A-Za-z0-9+/=]+$/.test(blob) ? rsaDecrypt(jwk, Buffer.from(blob, 'base64')) : null;
    const [number = '', securityCode = '', expMonth = '', expYear = '', holder = ''] = (plain ?? '').split(
      ';',
    );
    return /^\d{13,19}$/.test(number) && /^\d{3,4}$/.test(securityCode)
      ? { number, securityCode, expMonth, expYear, holder }
      : null;
  };

  const makeOrder = (json: Record<string, unknown>): { status: number; answer: unknown } => {
    const customer = json.customer as { name?: string; email?: string; tax_id?: string } | undefined;
    if (typeof json.reference_id !== 'string' || !json.reference_id)
      return { status: 400, answer: invalid('reference_id') };
    if (!customer?.name || !customer.email || !/^(\d{11}|\d{14})$/.test(customer.tax_id ?? ''))
      return { status: 400, answer: invalid('customer.tax_id') };
    if (!Array.isArray(json.items) || json.items.length === 0)
      return { status: 400, answer: invalid('items') };
    const now = Date.now();
    const order: TStandInOrder = {
      id: `ORDE_${randomUUID().toUpperCase()}`,
      reference_id: json.reference_id,
      created_at: brt(now),
      customer,
      items: json.items,
      ...(Array.isArray(json.notification_urls)
        ? { notification_urls: json.notification_urls as string[] }
        : {}),
    };
    const qr = (
      json.qr_codes as { amount?: { value?: number }; expiration_date?: string }[] | undefined
    )?.[0];
    const wanted = (
      json.charges as
        | {
            reference_id?: string;
            description?: string;
            amount?: { value?: number; currency?: string };
            payment_method?: {
              type?: string;
              installments?: number;
              capture?: boolean;
              card?: { encrypted?: string };
            };
          }[]
        | undefined
    )?.[0];
    if (qr) {
      const value = Number(qr.amount?.value);
      if (!Number.isInteger(value) || value <= 0)
        return { status: 400, answer: invalid('qr_codes[0].amount.value') };
      const qrId = `QRCO_${randomUUID().toUpperCase()}`;
      order.qr_codes = [
        {
          id: qrId,
          expiration_date: qr.expiration_date ?? brt(now + 86_400_000),
          amount: { value },
          text:
            generatePixPayload({
              key: 'pagbank-stand-in@example.com',
              merchantName: 'Bilheto',
              merchantCity: 'Sao Paulo',
              amount: value / 100,
              txid: qrId.replace(/[^A-Za-z0-9]/g, '').slice(0, 25),
            }) ?? '',
          arrangements: ['PIX'],
        },
      ];
    } else if (wanted) {
      const value = Number(wanted.amount?.value);
      if (!Number.isInteger(value) || value <= 0)
        return { status: 400, answer: invalid('charges[0].amount.value') };
      if (wanted.amount?.currency !== 'BRL')
        return { status: 400, answer: invalid('charges[0].amount.currency') };
      if (wanted.payment_method?.type !== 'CREDIT_CARD')
        return { status: 400, answer: invalid('charges[0].payment_method.type') };
      const card = decrypt(String(wanted.payment_method?.card?.encrypted ?? ''));
      if (!card) return { status: 400, answer: invalid('charges[0].payment_method.card.encrypted') };
      const status = !PAID.has(card.number)
        ? 'DECLINED'
        : /^ANALISE/i.test(card.holder)
          ? 'IN_ANALYSIS'
          : 'PAID';
      const charge: TStandInCharge = {
        id: `CHAR_${randomUUID().toUpperCase()}`,
        reference_id: String(wanted.reference_id ?? json.reference_id),
        status,
        created_at: brt(now),
        ...(status === 'PAID' ? { paid_at: brt(now) } : {}),
        description: wanted.description,
        amount: {
          value,
          currency: 'BRL',
          summary: { total: value, paid: status === 'PAID' ? value : 0, refunded: 0 },
        },
        payment_response:
          status === 'DECLINED'
            ? { code: '10002', message: 'NAO AUTORIZADO' }
            : { code: '20000', message: 'SUCESSO' },
        payment_method: {
          type: 'CREDIT_CARD',
          installments: wanted.payment_method?.installments ?? 1,
          capture: wanted.payment_method?.capture ?? true,
          card: {
            brand: brandOf(card.number),
            first_digits: card.number.slice(0, 6),
            last_digits: card.number.slice(-4),
            exp_month: card.expMonth,
            exp_year: card.expYear,
            holder: { name: card.holder },
          },
        },
      };
      order.charges = [charge];
      charges.set(charge.id, { order, charge });
    } else return { status: 400, answer: invalid('charges') };
    orders.set(order.id, order);
    return { status: 201, answer: order };
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = await readBody(request);
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    received.push({ method: request.method ?? '', path: url.pathname + url.search, headers, body });
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (headers.authorization !== `Bearer ${token}`)
      return send(401, { error_messages: [{ code: 'UNAUTHORIZED', description: 'Invalid credential' }] });
    let json: Record<string, unknown> = {};
    try {
      json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    } catch {
      return send(400, invalid('body'));
    }
    const key = headers['x-idempotency-key'];
    const hash = createHash('sha256').update(`${request.method} ${url.pathname} ${body}`).digest('hex');
    const idempotent = (make: () => { status: number; answer: unknown }) => {
      const earlier = key ? byKey.get(`${url.pathname} ${key}`) : undefined;
      if (earlier && earlier.hash !== hash)
        return {
          status: 409,
          answer: { error_messages: [{ code: 'IDEMPOTENCY_CONFLICT', description: 'key reused' }] },
        };
      if (earlier) return earlier;
      const made = make();
      if (key && made.status < 500) byKey.set(`${url.pathname} ${key}`, { hash, ...made });
      return made;
    };

    if (request.method === 'POST' && url.pathname === '/orders') {
      const fault = faults.shift();
      if (fault?.fault === 'fail_before') return send(500, { error_messages: [{ code: 'INTERNAL' }] });
      const { status, answer } = idempotent(() => makeOrder(json));
      if (fault?.fault === 'fail_after') return send(500, { error_messages: [{ code: 'INTERNAL' }] });
      if (fault?.fault === 'drop_after') return request.socket.destroy();
      if (fault?.fault === 'late') return void setTimeout(() => send(status, answer), fault.lateMs);
      return send(status, answer);
    }
    const order = /^\/orders\/(ORDE_[A-Z0-9-]+)$/.exec(url.pathname);
    if (request.method === 'GET' && order) {
      const found = orders.get(order[1]!);
      return found ? send(200, found) : send(404, { error_messages: [{ code: 'NOT_FOUND' }] });
    }
    const one = /^\/charges\/(CHAR_[A-Z0-9-]+)$/.exec(url.pathname);
    if (request.method === 'GET' && one) {
      const found = charges.get(one[1]!);
      return found ? send(200, found.charge) : send(404, { error_messages: [{ code: 'NOT_FOUND' }] });
    }
    const cancel = /^\/charges\/(CHAR_[A-Z0-9-]+)\/cancel$/.exec(url.pathname);
    if (request.method === 'POST' && cancel) {
      const { status, answer } = idempotent(() => {
        const found = charges.get(cancel[1]!);
        if (!found) return { status: 404, answer: { error_messages: [{ code: 'NOT_FOUND' }] } };
        const { charge } = found;
        const value = Number((json.amount as { value?: unknown } | undefined)?.value);
        const summary = charge.amount.summary;
        if (charge.status === 'IN_ANALYSIS' || charge.status === 'AUTHORIZED') {
          charge.status = 'CANCELED';
          return { status: 201, answer: charge };
        }
        if (charge.status !== 'PAID') return { status: 400, answer: invalid('charge.status') };
        if (!Number.isInteger(value) || value <= 0 || value > summary.paid - summary.refunded)
          return { status: 400, answer: invalid('amount.value') };
        summary.refunded += value;
        if (summary.refunded === summary.paid) charge.status = 'CANCELED';
        return { status: 201, answer: charge };
      });
      return send(status, answer);
    }
    return send(404, { error_messages: [{ code: 'NOT_FOUND' }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    publicKey: publicB64,
    received,
    orders,
    fail(fault, count = 1, lateMs = 0) {
      for (let i = 0; i < count; i += 1) faults.push({ fault, lateMs });
    },
    settle(orderId, to) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const charge = order.charges?.at(-1);
      if (to === 'approved' && charge?.status === 'IN_ANALYSIS') {
        charge.status = 'PAID';
        charge.paid_at = brt(Date.now());
        charge.amount.summary.paid = charge.amount.value;
      } else if (to === 'approved' && !charge && order.qr_codes?.[0]) {
        // A bank paid the QR code: the order now has a PIX charge.
        const value = order.qr_codes[0].amount.value;
        const paid: TStandInCharge = {
          id: `CHAR_${randomUUID().toUpperCase()}`,
          reference_id: order.reference_id,
          status: 'PAID',
          created_at: brt(Date.now()),
          paid_at: brt(Date.now()),
          amount: { value, currency: 'BRL', summary: { total: value, paid: value, refunded: 0 } },
          payment_response: { code: '20000', message: 'SUCESSO' },
          payment_method: { type: 'PIX', pix: { holder: { name: 'Pagador', tax_id: '***' } } },
        };
        order.charges = [paid];
        charges.set(paid.id, { order, charge: paid });
      } else if (to === 'expired' && !charge && order.qr_codes?.[0]) {
        order.qr_codes[0].expiration_date = brt(Date.now() - 1000);
      }
    },
    notice(orderId, { signed = true, ageSeconds = 0 } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      // A capture replayed ageSeconds later: every date it carries is that old.
      const shift = (value: string | undefined) =>
        value ? brt(Date.parse(value) - ageSeconds * 1000) : value;
      const sent = {
        ...order,
        created_at: shift(order.created_at),
        charges: order.charges?.map((c) => ({
          ...c,
          created_at: shift(c.created_at),
          paid_at: shift(c.paid_at),
        })),
      };
      const body = JSON.stringify(sent);
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-authenticity-token': pagBankAuthenticityToken(signed ? token : `${token}-wrong`, body),
        },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
