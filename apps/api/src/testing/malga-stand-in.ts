import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signMalgaNotice } from '../adapters/payments/malga/webhook.ts';

/**
 * A local stand-in for Malga's API (docs.malga.io/api-reference; the official malga-node SDK's
 * calls). This machine cannot reach Malga, so tests point MALGA_API_BASE (and, in the browser, the
 * hosted fields' stand-in) here. It follows the documented surface the product uses, with
 * X-Client-Id and X-Api-Key on every call, and records every request it receives:
 * - POST /v1/tokens { cardNumber, cardCvv, cardExpirationDate, cardHolderName } -> { tokenId }:
 *   what the card-number hosted field sends with the client token (public key); the stand-in keeps
 *   only the card's first six and last four digits;
 * - POST /v1/charges (credit with paymentSource { sourceType: 'token', tokenId }, or pix),
 *   X-Idempotency-Key honoured (the same charge answered again); a credit charge without the
 *   fraud analysis' customer and cart is refused (commerce §5);
 * - GET /v1/charges/:id, GET /v1/charges?orderId=&sort=DESC ({ items, meta }), GET /v1/cards/:id;
 * - POST /v1/charges/:id/void { amount }: a partial or full refund of an authorized charge (a
 *   partial one leaves it authorized with a smaller amount), or the cancellation of a pending one;
 * - the sandbox's controls: POST /v1/charges/:id { status } (authorized, voided, charged_back) and
 *   PATCH /v1/charges/:id/antifraud { status } (approved, reproved, failed).
 * Card outcomes follow the sandbox's test cards (the malga-node SDK's sandbox.generateCard table):
 * an 'authorized' card is authorized, the declining ones fail with their declined code. Malga's
 * asynchronous anti-fraud review (pre-authorized, then captured or voided by the analysis) is
 * what `reviewNext()` puts the next card charge through.
 * Faults a test injects into the next charges (`fail`): answer late while the charge is made at
 * once ('late'), 500 without charging ('fail_before'), charge then 500 ('fail_after'), charge then
 * drop the connection ('drop_after').
 */
export type TMalgaFault = 'late' | 'fail_before' | 'fail_after' | 'drop_after';

/** Malga's sandbox test cards (malga-node src/sandbox/sandbox.utils.ts), the ones used here. */
export const MALGA_TEST_CARDS = {
  authorized: { number: '5214254988499590', cvv: '220', brand: 'mastercard' },
  visaAuthorized: { number: '4916745120294124', cvv: '560', brand: 'visa' },
  unauthorized: { number: '5171407375927752', cvv: '300', brand: 'mastercard' },
} as const;

/** Declining sandbox cards and the declined code each produces. */
const DECLINES: Record<string, string> = {
  '5171407375927752': 'generic',
  '4916878170842862': 'generic',
  '5521448129190195': 'restricted_card',
  '4556684530238865': 'restricted_card',
  '5597251149584267': 'lost_card',
  '4485406132091427': 'lost_card',
  '5462320441541663': 'expired_card',
  '4532552729063643': 'expired_card',
  '5240675434648372': 'invalid_cvv',
  '4716866286004545': 'invalid_cvv',
  '5402839904300856': 'try_again',
  '4485401945979546': 'try_again',
};

type TRequest = {
  id: string;
  createdAt: string;
  idempotencyKey: string | null;
  providerType: 'SANDBOX';
  amount: number;
  requestStatus: 'success' | 'failed';
  requestType: string;
  providerError?: { declinedCode: string; message: string };
};
export type TMalgaStandInCharge = {
  id: string;
  clientId: string;
  merchantId: string;
  orderId: string | null;
  createdAt: string;
  updatedAt: string;
  amount: number;
  originalAmount: number;
  currency: string;
  statementDescriptor: string | null;
  description: string | null;
  capture: boolean;
  status: string;
  paymentMethod: Record<string, unknown>;
  paymentSource?: { sourceType: 'card'; cardId: string };
  transactionRequests: TRequest[];
};

export type TMalgaStandIn = {
  url: string;
  clientId: string;
  apiKey: string;
  publicKey: string;
  merchantId: string;
  /** The webhook's Ed25519 public key (PEM), as POST /v1/webhooks answers it. */
  webhookPublicKey: string;
  received: { method: string; path: string; headers: Record<string, string>; body: string }[];
  charges: Map<string, TMalgaStandInCharge>;
  /** The next `count` POST /v1/charges meet this fault (late answers wait `lateMs`). */
  fail(fault: TMalgaFault, count?: number, lateMs?: number): void;
  /** The next card charge goes to the anti-fraud's review: pre-authorized until the analysis ends. */
  reviewNext(): void;
  /** Sets a charge's status as Malga would on its own (a Pix lapses: 'canceled'). */
  settle(id: string, status: string): void;
  /** A transaction event about a charge, signed as Malga signs it (X-Plug-Date in ms). */
  notice(
    chargeId: string,
    options?: { ageSeconds?: number; signed?: boolean },
  ): {
    headers: Record<string, string>;
    body: string;
  };
  close(): Promise<void>;
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const brandOf = (number: string) =>
  /^3[47]/.test(number)
    ? 'amex'
    : /^606282/.test(number)
      ? 'hipercard'
      : /^3[068]/.test(number)
        ? 'diners'
        : /^4/.test(number)
          ? 'visa'
          : 'mastercard';

/** A Pix BR Code shaped like a bank's (EMV, dynamic, with its CRC16 placeholder). */
const brCode = (amountCents: number) => {
  const amount = (amountCents / 100).toFixed(2);
  const url = `pix.example.com/qr/v2/${randomUUID()}`;
  const gui = `0014br.gov.bcb.pix25${String(url.length).padStart(2, '0')}${url}`;
  return `00020101021226${String(gui.length).padStart(2, '0')}${gui}52040000530398654${String(amount.length).padStart(2, '0')}${amount}5802BR5907BILHETO6009SAO PAULO62070503***6304ABCD`;
};

export async function startMalgaStandIn(
  options: { clientId?: string; apiKey?: string; publicKey?: string; merchantId?: string } = {},
): Promise<TMalgaStandIn> {
  const clientId = options.clientId ?? randomUUID();
  const apiKey = options.apiKey ?? `sk_${randomUUID()}`;
  const publicKey = options.publicKey ?? `pk_${randomUUID()}`;
  const merchantId = options.merchantId ?? randomUUID();
  const keys = generateKeyPairSync('ed25519');
  const webhookPublicKey = String(keys.publicKey.export({ type: 'spki', format: 'pem' }));
  const received: TMalgaStandIn['received'] = [];
  const tokens = new Map<string, { firstSix: string; lastFour: string; number: string }>();
  const cards = new Map<string, { id: string; brand: string; first6digits: string; last4digits: string }>();
  const charges = new Map<string, TMalgaStandInCharge>();
  const byKey = new Map<string, string>();
  const voidsByKey = new Map<string, TMalgaStandInCharge>();
  const faults: { fault: TMalgaFault; lateMs: number }[] = [];
  let review = false;
  const now = () => new Date().toISOString();
  const request = (type: string, amount: number, key: string | null, declined?: string): TRequest => ({
    id: randomUUID(),
    createdAt: now(),
    idempotencyKey: key,
    providerType: 'SANDBOX',
    amount,
    requestStatus: declined ? 'failed' : 'success',
    requestType: type,
    ...(declined ? { providerError: { declinedCode: declined, message: 'declined' } } : {}),
  });

  const server = createServer(async (req, response) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await readBody(req);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    received.push({ method: req.method ?? '', path: url.pathname + url.search, headers, body });
    const send = (status: number, value: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        // The hosted card-number field calls POST /v1/tokens from its own origin.
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type, x-client-id, x-api-key, x-idempotency-key',
        'access-control-allow-methods': 'GET, POST, PATCH',
      });
      response.end(JSON.stringify(value));
    };
    const error = (status: number, type: string, message: string) =>
      send(status, { error: { type, code: status, message } });
    if (req.method === 'OPTIONS') return send(204, {});
    const json = (() => {
      try {
        return body ? (JSON.parse(body) as Record<string, unknown>) : {};
      } catch {
        return null;
      }
    })();
    if (!json) return error(400, 'bad_request', 'invalid json');
    const tokensCall = req.method === 'POST' && url.pathname === '/v1/tokens';
    const key = headers['x-api-key'];
    if (headers['x-client-id'] !== clientId || !(key === apiKey || (tokensCall && key === publicKey)))
      return error(401, 'invalid_request_error', 'unauthorized');

    if (tokensCall) {
      const number = String(json.cardNumber ?? '').replace(/\D/g, '');
      const cvv = String(json.cardCvv ?? '');
      if (
        number.length < 13 ||
        number.length > 19 ||
        !/^\d{3,4}$/.test(cvv) ||
        !/^\d{2}\/\d{4}$/.test(String(json.cardExpirationDate ?? '')) ||
        !String(json.cardHolderName ?? '').trim()
      )
        return error(400, 'invalid_request_error', 'invalid card data');
      const tokenId = randomUUID();
      // The stand-in, like a token, keeps no full number past the charge it is used for.
      tokens.set(tokenId, { firstSix: number.slice(0, 6), lastFour: number.slice(-4), number });
      return send(201, { tokenId });
    }

    if (req.method === 'POST' && url.pathname === '/v1/charges') {
      const fault = faults.shift();
      if (fault?.fault === 'fail_before') return error(500, 'api_error', 'unexpected error');
      const answer = (status: number, value: unknown) => {
        if (fault?.fault === 'fail_after') return error(500, 'api_error', 'unexpected error');
        if (fault?.fault === 'drop_after') return req.socket.destroy();
        if (fault?.fault === 'late') return void setTimeout(() => send(status, value), fault.lateMs);
        return send(status, value);
      };
      const idempotencyKey = headers['x-idempotency-key'] || null;
      const earlier = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
      if (earlier) return answer(201, charges.get(earlier));
      const method = (json.paymentMethod ?? {}) as {
        paymentType?: string;
        installments?: number;
        expiresIn?: number;
      };
      const amount = Number(json.amount);
      if (json.merchantId !== merchantId) return error(400, 'invalid_request_error', 'invalid merchantId');
      if (!Number.isInteger(amount) || amount <= 0)
        return error(400, 'invalid_request_error', 'invalid amount');
      if ((json.currency ?? 'BRL') !== 'BRL')
        return error(400, 'invalid_request_error', 'currency not enabled');
      const base = {
        id: randomUUID(),
        clientId,
        merchantId,
        orderId: typeof json.orderId === 'string' ? json.orderId : null,
        createdAt: now(),
        updatedAt: now(),
        amount,
        originalAmount: amount,
        currency: 'BRL',
        statementDescriptor: typeof json.statementDescriptor === 'string' ? json.statementDescriptor : null,
        description: typeof json.description === 'string' ? json.description : null,
        capture: json.capture !== false,
      };
      let charge: TMalgaStandInCharge;
      if (method.paymentType === 'pix') {
        const expiresIn = Number(method.expiresIn);
        if (!Number.isInteger(expiresIn) || expiresIn <= 0)
          return error(400, 'invalid_request_error', 'invalid expiresIn');
        charge = {
          ...base,
          status: 'pending',
          paymentMethod: {
            paymentType: 'pix',
            expiresIn,
            qrCodeData: brCode(amount),
            qrCodeImageUrl: `/v1/qr/${base.id}.png`,
          },
          transactionRequests: [request('pending', amount, idempotencyKey)],
        };
      } else if (method.paymentType === 'credit') {
        const source = (json.paymentSource ?? {}) as { sourceType?: string; tokenId?: string };
        const fraud = (json.fraudAnalysis ?? {}) as {
          customer?: { identity?: string; name?: string };
          cart?: { items?: unknown[] };
        };
        if (!fraud.customer?.identity || !fraud.customer.name || !fraud.cart?.items?.length)
          return error(400, 'invalid_request_error', 'fraudAnalysis customer and cart are required');
        const token = source.sourceType === 'token' ? tokens.get(String(source.tokenId)) : undefined;
        if (!token) return error(400, 'invalid_request_error', 'invalid tokenId');
        // A token is single use.
        tokens.delete(String(source.tokenId));
        const card = {
          id: randomUUID(),
          brand: brandOf(token.firstSix),
          first6digits: token.firstSix,
          last4digits: token.lastFour,
        };
        cards.set(card.id, card);
        const declined = DECLINES[token.number];
        const inReview = review && !declined;
        review = false;
        charge = {
          ...base,
          status: declined
            ? 'failed'
            : inReview
              ? 'pre_authorized'
              : base.capture
                ? 'authorized'
                : 'pre_authorized',
          paymentMethod: { paymentType: 'credit', installments: method.installments ?? 1 },
          paymentSource: { sourceType: 'card', cardId: card.id },
          transactionRequests: [
            request(
              inReview || !base.capture ? 'pre_authorization' : 'authorization',
              amount,
              idempotencyKey,
              declined,
            ),
          ],
        };
      } else return error(400, 'invalid_request_error', 'invalid paymentType');
      charges.set(charge.id, charge);
      if (idempotencyKey) byKey.set(idempotencyKey, charge.id);
      return answer(201, charge);
    }

    if (req.method === 'GET' && url.pathname === '/v1/charges') {
      const orderId = url.searchParams.get('orderId');
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 10)));
      const asc = url.searchParams.get('sort') === 'ASC';
      const all = [...charges.values()]
        .filter((c) => orderId === null || c.orderId === orderId)
        .sort((a, b) => (asc ? 1 : -1) * a.createdAt.localeCompare(b.createdAt));
      const items = all.slice((page - 1) * limit, page * limit);
      return send(200, {
        items,
        meta: {
          totalItems: all.length,
          itemCount: items.length,
          itemsPerPage: limit,
          totalPages: Math.ceil(all.length / limit),
          currentPage: page,
        },
      });
    }

    const card = /^\/v1\/cards\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && card) {
      const found = cards.get(card[1]!);
      return found
        ? send(200, { ...found, status: 'active', clientId })
        : error(404, 'invalid_request_error', 'not found');
    }

    const voiding = /^\/v1\/charges\/([\w-]+)\/void$/.exec(url.pathname);
    if (req.method === 'POST' && voiding) {
      const idempotencyKey = headers['x-idempotency-key'] || null;
      if (idempotencyKey && voidsByKey.has(idempotencyKey)) return send(201, voidsByKey.get(idempotencyKey));
      const charge = charges.get(voiding[1]!);
      if (!charge) return error(404, 'invalid_request_error', 'not found');
      const amount = json.amount === undefined ? charge.amount : Number(json.amount);
      if (charge.status === 'pending' && charge.paymentMethod.paymentType === 'pix') {
        charge.status = 'canceled';
      } else if (charge.status === 'authorized' || charge.status === 'pre_authorized') {
        if (!Number.isInteger(amount) || amount <= 0 || amount > charge.amount)
          return error(400, 'invalid_request_error', 'invalid amount');
        charge.transactionRequests.push(request('void', amount, idempotencyKey));
        charge.amount -= amount;
        if (charge.amount === 0) charge.status = charge.status === 'authorized' ? 'voided' : 'canceled';
      } else return error(400, 'invalid_request_error', `charge is ${charge.status}`);
      charge.updatedAt = now();
      const snapshot = structuredClone(charge);
      if (idempotencyKey) voidsByKey.set(idempotencyKey, snapshot);
      return send(201, snapshot);
    }

    const antifraud = /^\/v1\/charges\/([\w-]+)\/antifraud$/.exec(url.pathname);
    if (req.method === 'PATCH' && antifraud) {
      const charge = charges.get(antifraud[1]!);
      if (!charge) return error(404, 'invalid_request_error', 'not found');
      if (charge.status !== 'pre_authorized')
        return error(400, 'invalid_request_error', 'no analysis pending');
      // The analysis ends: approved is captured; reproved (or failed) is undone without a capture.
      if (json.status === 'approved') {
        charge.status = 'authorized';
        charge.transactionRequests.push(request('capture', charge.amount, null));
      } else charge.status = 'canceled';
      charge.updatedAt = now();
      return send(200, charge);
    }

    const one = /^\/v1\/charges\/([\w-]+)$/.exec(url.pathname);
    if (one && req.method === 'GET') {
      const charge = charges.get(one[1]!);
      return charge ? send(200, charge) : error(404, 'invalid_request_error', 'not found');
    }
    if (one && req.method === 'POST') {
      // The sandbox's manual status change (docs: authorized, voided and charged_back).
      const charge = charges.get(one[1]!);
      if (!charge) return error(404, 'invalid_request_error', 'not found');
      if (!['authorized', 'voided', 'charged_back'].includes(String(json.status)))
        return error(400, 'invalid_request_error', 'invalid status');
      charge.status = String(json.status);
      charge.updatedAt = now();
      return send(200, charge);
    }
    return error(404, 'invalid_request_error', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    apiKey,
    publicKey,
    merchantId,
    webhookPublicKey,
    received,
    charges,
    fail(fault, count = 1, lateMs = 0) {
      for (let i = 0; i < count; i += 1) faults.push({ fault, lateMs });
    },
    reviewNext() {
      review = true;
    },
    settle(id, status) {
      const charge = charges.get(id);
      if (!charge) throw new Error(`no charge ${id}`);
      charge.status = status;
      charge.updatedAt = now();
    },
    notice(chargeId, { ageSeconds = 0, signed = true } = {}) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`no charge ${chargeId}`);
      const id = randomUUID();
      const body = JSON.stringify({
        id,
        apiVersion: '1.1',
        object: 'transaction',
        event: charge.status,
        createdAt: now(),
        data: charge,
      });
      const date = String(Date.now() - ageSeconds * 1000);
      const other = generateKeyPairSync('ed25519').privateKey;
      return {
        headers: {
          'content-type': 'application/json',
          'x-idempotency-key': id,
          'x-plug-date': date,
          'x-plug-signature': signMalgaNotice(signed ? keys.privateKey : other, body, date),
        },
        body,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
