import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signYunoNotice } from '../adapters/payments/yuno/webhook.ts';

/**
 * A local stand-in for Yuno's API (docs.y.uno, API reference). This machine cannot reach Yuno, so
 * tests point YUNO_API_BASE (and, in the browser, the SDK's calls) here. It follows the documented
 * surface the product uses, and records every request it receives:
 * - POST /v1/checkout/sessions: the checkout session the card form runs in (PATCH
 *   /v1/checkout/sessions/:session updates its amount);
 * - POST /v1/checkout/sessions/:session/token: the one-time token Yuno's SDK makes from its secure
 *   fields (the card number never goes anywhere else); the token keeps the IIN and last four only;
 * - POST /v1/payments (the SDK token with its checkout session, or a Pix; X-Idempotency-Key
 *   honoured), GET /v1/payments/:id, GET /v1/payments?merchant_order_id=,
 *   POST /v1/payments/:id/transactions/:transaction/refund (full, or partial with amount; the key
 *   honoured; never beyond the payment) and .../cancel (a payment not yet paid).
 * Amounts are decimal reais (amount.value), as Yuno's API takes them. Headers public-api-key and
 * private-secret-key are checked (the token call, made by the browser, needs only the public one).
 * Card outcomes follow Yuno's Test Payment Gateway cards (docs.y.uno "Yuno Testing Gateway"):
 * 4507990000000002, 5252440000000002, 370000000000002, 3647166000000002 succeed, the other numbers
 * of those tables decline with their code. Yuno also lets the payment's description pick the
 * outcome of a card outside the tables; ours are our own text, so here the cardholder name does
 * (PENDING: held in review; anything else succeeds).
 * Faults a test injects into the next payments (`fail`): answer late while the payment is made at
 * once ('late'), 500 without paying ('fail_before'), pay then 500 ('fail_after'), pay then drop
 * the connection ('drop_after').
 */
export type TYunoFault = 'late' | 'fail_before' | 'fail_after' | 'drop_after';

type TTransaction = { id: string; type: string; status: string; amount: number; created_at: string };
type TStandInPayment = {
  id: string;
  merchantOrderId: string;
  description: string;
  status: string;
  subStatus: string;
  valueCents: number;
  refundedCents: number;
  method: 'CARD' | 'PIX';
  card?: { iin: string; lfd: string; brand: string; holder: string };
  brCode?: string;
  session: string | null;
  createdAt: string;
  updatedAt: string;
  transactions: TTransaction[];
};

export type TYunoStandIn = {
  url: string;
  publicApiKey: string;
  fail(fault: TYunoFault, count?: number, lateMs?: number): void;
  received: { method: string; path: string; headers: Record<string, string>; body: string }[];
  payments: Map<string, TStandInPayment>;
  /** Checkout sessions: the reference and amount each was opened (or updated) with. */
  sessions: Map<string, { merchantOrderId: string; valueCents: number }>;
  /** The payment as Yuno's API answers it. */
  render(id: string): Record<string, unknown>;
  /** Yuno moves a payment on its own: a review ends approved, a bank pays a Pix, a Pix lapses. */
  settle(id: string, to: 'approved' | 'expired'): void;
  close(): Promise<void>;
};

const APPROVED = new Set(['4507990000000002', '5252440000000002', '370000000000002', '3647166000000002']);
const DECLINES: Record<string, string> = {
  '10': 'INSUFFICIENT_FUNDS',
  '28': 'DECLINED_BY_BANK',
  '36': 'DO_NOT_HONOR',
  '44': 'INVALID_SECURITY_CODE',
  '51': 'INVALID_CARD_DATA',
  '69': 'REPORTED_STOLEN',
  '77': 'ERROR',
};
const TABLE = /^(450799000000|525244000000|37000000000|364716600000)00(\d\d)$/;
const brandOf = (number: string) =>
  /^3[47]/.test(number)
    ? 'AMERICAN_EXPRESS'
    : /^3[0689]/.test(number)
      ? 'DINERS'
      : /^(5[1-5]|2[2-7])/.test(number)
        ? 'MASTERCARD'
        : 'VISA';

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export async function startYunoStandIn(credentials: {
  publicApiKey: string;
  privateSecretKey: string;
  accountId: string;
}): Promise<TYunoStandIn> {
  const received: TYunoStandIn['received'] = [];
  const sessions = new Map<string, { merchantOrderId: string; valueCents: number }>();
  const tokens = new Map<
    string,
    { session: string; iin: string; lfd: string; number: string; holder: string }
  >();
  const payments = new Map<string, TStandInPayment>();
  const byKey = new Map<string, string>();
  const refundsByKey = new Map<string, unknown>();
  const faults: { fault: TYunoFault; lateMs: number }[] = [];
  const now = () => new Date().toISOString();

  const render = (id: string) => {
    const p = payments.get(id);
    if (!p) throw new Error(`no payment ${id}`);
    const detail =
      p.method === 'CARD'
        ? {
            card: {
              capture: true,
              installments: 1,
              card_data: {
                holder_name: p.card?.holder,
                iin: p.card?.iin,
                lfd: p.card?.lfd,
                brand: p.card?.brand,
                number_length: 16,
              },
            },
          }
        : {
            bank_transfer: {
              provider_image: null,
              payment_instruction: p.brCode,
              redirect_url: null,
            },
          };
    return {
      id: p.id,
      account_id: credentials.accountId,
      description: p.description,
      country: 'BR',
      status: p.status,
      sub_status: p.subStatus,
      merchant_order_id: p.merchantOrderId,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
      amount: { currency: 'BRL', value: p.valueCents / 100, refunded: p.refundedCents / 100, captured: 0 },
      checkout: { session: p.session ?? '', sdk_action_required: false },
      payment_method: { type: p.method, token: '', vaulted_token: '', payment_method_detail: detail },
      transactions: p.transactions,
    };
  };
  const touch = (p: TStandInPayment, status: string, subStatus: string) => {
    p.status = status;
    p.subStatus = subStatus;
    p.updatedAt = now();
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = await readBody(request);
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    received.push({ method: request.method ?? '', path: url.pathname + url.search, headers, body });
    const send = (status: number, value: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        // The browser SDK calls the token endpoint from the page.
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type, public-api-key',
      });
      response.end(JSON.stringify(value));
    };
    const refuse = (status: number, code: string, message: string) =>
      send(status, { code, messages: [message] });
    if (request.method === 'OPTIONS') return send(204, {});
    const json = (() => {
      try {
        return body ? (JSON.parse(body) as Record<string, unknown>) : {};
      } catch {
        return null;
      }
    })();
    if (!json) return refuse(400, 'INVALID_REQUEST', 'Invalid request');
    if (headers['public-api-key'] !== credentials.publicApiKey)
      return refuse(401, 'INVALID_CREDENTIALS', 'Invalid credentials');

    const tokenCall = /^\/v1\/checkout\/sessions\/([A-Za-z0-9-]+)\/token$/.exec(url.pathname);
    if (request.method === 'POST' && tokenCall) {
      const session = tokenCall[1]!;
      if (!sessions.has(session)) return refuse(400, 'INVALID_REQUEST', 'Unknown checkout session');
      const method = (json.payment_method ?? {}) as { card?: Record<string, unknown> };
      const card = method.card ?? (json.card_data as Record<string, unknown> | undefined) ?? {};
      const number = String(card.number ?? '').replace(/\D/g, '');
      if (number.length < 13 || !card.security_code || !card.expiration_month || !card.expiration_year)
        return refuse(400, 'INVALID_CARD_DATA', 'Invalid card data');
      const token = randomUUID();
      const holder = String(card.holder_name ?? '');
      tokens.set(token, { session, iin: number.slice(0, 8), lfd: number.slice(-4), number, holder });
      return send(201, {
        token,
        vaulted_token: null,
        vault_on_success: false,
        type: 'CARD',
        card_data: {
          holder_name: holder,
          iin: number.slice(0, 8),
          lfd: number.slice(-4),
          number_length: number.length,
          brand: brandOf(number),
        },
        country: 'BR',
      });
    }
    // Every other call is the server's: the private key too.
    if (headers['private-secret-key'] !== credentials.privateSecretKey)
      return refuse(401, 'INVALID_CREDENTIALS', 'Invalid credentials');

    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const amount = (json.amount ?? {}) as { value?: unknown; currency?: unknown };
      if (json.account_id !== credentials.accountId || json.country !== 'BR' || !json.merchant_order_id)
        return refuse(400, 'INVALID_REQUEST', 'Invalid request');
      const checkoutSession = randomUUID();
      sessions.set(checkoutSession, {
        merchantOrderId: String(json.merchant_order_id),
        valueCents: Math.round(Number(amount.value ?? 0) * 100),
      });
      return send(200, {
        checkout_session: checkoutSession,
        merchant_order_id: json.merchant_order_id,
        country: 'BR',
        payment_description: json.payment_description,
        amount: json.amount,
        workflow: json.workflow ?? 'SDK_CHECKOUT',
        created_at: now(),
      });
    }
    const sessionCall = /^\/v1\/checkout\/sessions\/([A-Za-z0-9-]+)$/.exec(url.pathname);
    if (request.method === 'PATCH' && sessionCall) {
      const found = sessions.get(sessionCall[1]!);
      if (!found) return refuse(404, 'NOT_FOUND', 'Checkout session not found');
      const amount = json.amount as { value?: unknown } | undefined;
      if (amount?.value !== undefined) found.valueCents = Math.round(Number(amount.value) * 100);
      return send(200, {
        checkout_session: sessionCall[1],
        merchant_order_id: found.merchantOrderId,
        country: 'BR',
        amount: { currency: 'BRL', value: found.valueCents / 100 },
      });
    }
    if (request.method === 'POST' && url.pathname === '/v1/payments') {
      const fault = faults.shift();
      if (fault?.fault === 'fail_before') return refuse(500, 'INTERNAL_ERROR', 'Internal error');
      const answer = (status: number, value: unknown) => {
        if (fault?.fault === 'fail_after') return refuse(500, 'INTERNAL_ERROR', 'Internal error');
        if (fault?.fault === 'drop_after') return request.socket.destroy();
        if (fault?.fault === 'late') return void setTimeout(() => send(status, value), fault.lateMs);
        return send(status, value);
      };
      const key = headers['x-idempotency-key'];
      if (!key) return refuse(400, 'INVALID_REQUEST', 'X-Idempotency-Key is required');
      const earlier = byKey.get(key);
      if (earlier) return answer(201, render(earlier));
      const amount = (json.amount ?? {}) as { value?: unknown; currency?: unknown };
      const valueCents = Math.round(Number(amount.value) * 100);
      if (json.account_id !== credentials.accountId || !json.merchant_order_id || !(valueCents > 0))
        return refuse(400, 'INVALID_REQUEST', 'Invalid request');
      if (amount.currency !== 'BRL') return refuse(400, 'INVALID_REQUEST', 'Currency not supported');
      const method = (json.payment_method ?? {}) as { type?: string; token?: string };
      const at = now();
      const base = {
        id: randomUUID(),
        merchantOrderId: String(json.merchant_order_id),
        description: String(json.description ?? ''),
        valueCents,
        refundedCents: 0,
        createdAt: at,
        updatedAt: at,
      };
      let payment: TStandInPayment;
      if (method.type === 'PIX') {
        payment = {
          ...base,
          method: 'PIX',
          status: 'READY_TO_PAY',
          subStatus: 'CREATED',
          session: null,
          brCode: `00020126580014br.gov.bcb.pix0136${randomUUID()}5204000053039865802BR`,
          transactions: [
            {
              id: randomUUID(),
              type: 'PURCHASE',
              status: 'CREATED',
              amount: valueCents / 100,
              created_at: at,
            },
          ],
        };
      } else {
        const session = String((json.checkout as { session?: unknown } | undefined)?.session ?? '');
        const token = tokens.get(String(method.token ?? ''));
        if (!token || token.session !== session)
          return refuse(400, 'INVALID_REQUEST', 'Invalid payment method token');
        tokens.delete(String(method.token));
        const table = TABLE.exec(token.number);
        const [status, subStatus] = APPROVED.has(token.number)
          ? ['SUCCEEDED', 'APPROVED']
          : table
            ? ['DECLINED', DECLINES[table[2]!] ?? 'DECLINED']
            : token.holder.trim().toUpperCase() === 'PENDING'
              ? ['PENDING', 'PENDING_PROVIDER_CONFIRMATION']
              : ['SUCCEEDED', 'APPROVED'];
        payment = {
          ...base,
          method: 'CARD',
          status,
          subStatus,
          session,
          card: { iin: token.iin, lfd: token.lfd, brand: brandOf(token.number), holder: token.holder },
          transactions: [
            { id: randomUUID(), type: 'PURCHASE', status, amount: valueCents / 100, created_at: at },
          ],
        };
      }
      payments.set(payment.id, payment);
      byKey.set(key, payment.id);
      return answer(201, render(payment.id));
    }
    if (request.method === 'GET' && url.pathname === '/v1/payments') {
      const reference = url.searchParams.get('merchant_order_id');
      if (!reference) return refuse(400, 'INVALID_REQUEST', 'merchant_order_id is required');
      const found = [...payments.values()]
        .filter((p) => p.merchantOrderId === reference)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      return send(
        200,
        found.map((p) => render(p.id)),
      );
    }
    const operation =
      /^\/v1\/payments\/([A-Za-z0-9-]+)\/transactions\/([A-Za-z0-9-]+)\/(refund|cancel)$/.exec(url.pathname);
    if (request.method === 'POST' && operation) {
      const [, id, transactionId, kind] = operation;
      const key = headers['x-idempotency-key'];
      if (!key) return refuse(400, 'INVALID_REQUEST', 'X-Idempotency-Key is required');
      if (refundsByKey.has(key)) return send(200, refundsByKey.get(key));
      const payment = payments.get(id!);
      if (!payment) return refuse(404, 'NOT_FOUND', 'Payment not found');
      if (!payment.transactions.some((t) => t.id === transactionId))
        return refuse(400, 'INVALID_REQUEST', 'Unknown transaction');
      if (!json.merchant_reference) return refuse(400, 'INVALID_REQUEST', 'merchant_reference is required');
      if (kind === 'cancel') {
        if (!['CREATED', 'READY_TO_PAY', 'PENDING'].includes(payment.status))
          return refuse(400, 'INVALID_TRANSACTION_STATUS', 'Payment cannot be canceled');
        touch(payment, 'CANCELED', 'CANCELED');
      } else {
        if (payment.status !== 'SUCCEEDED')
          return refuse(400, 'INVALID_TRANSACTION_STATUS', 'Payment cannot be refunded');
        const left = payment.valueCents - payment.refundedCents;
        const amount = json.amount as { value?: unknown } | undefined;
        const cents = amount ? Math.round(Number(amount.value) * 100) : left;
        if (!(cents > 0) || cents > left) return refuse(400, 'INVALID_AMOUNT', 'Invalid refund amount');
        payment.refundedCents += cents;
        if (payment.refundedCents >= payment.valueCents) touch(payment, 'REFUNDED', 'REFUNDED');
        else touch(payment, 'SUCCEEDED', 'PARTIALLY_REFUNDED');
      }
      payment.transactions.push({
        id: randomUUID(),
        type: kind === 'cancel' ? 'CANCEL' : 'REFUND',
        status: 'SUCCEEDED',
        amount: payment.refundedCents / 100,
        created_at: now(),
      });
      const made = render(payment.id);
      refundsByKey.set(key, made);
      return send(200, made);
    }
    const one = /^\/v1\/payments\/([A-Za-z0-9-]+)$/.exec(url.pathname);
    if (request.method === 'GET' && one) {
      return payments.has(one[1]!)
        ? send(200, render(one[1]!))
        : refuse(404, 'NOT_FOUND', 'Payment not found');
    }
    return refuse(404, 'NOT_FOUND', 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    publicApiKey: credentials.publicApiKey,
    received,
    payments,
    sessions,
    render,
    fail(fault, count = 1, lateMs = 0) {
      for (let i = 0; i < count; i += 1) faults.push({ fault, lateMs });
    },
    settle(id, to) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no payment ${id}`);
      const open = ['CREATED', 'READY_TO_PAY', 'PENDING'].includes(payment.status);
      if (!open) return;
      if (to === 'approved') touch(payment, 'SUCCEEDED', 'APPROVED');
      else touch(payment, 'EXPIRED', 'EXPIRED');
      payment.transactions[0]!.status = payment.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A payment notice as Yuno's webhook v2 sends it (docs.y.uno "Object and Examples"), signed as
 * Yuno does when HMAC signing is on: x-hmac-signature, base64 HMAC-SHA256 of the raw body. Its
 * payment is dated `ageSeconds` back (a replayed capture); `sign: false` signs with a wrong secret.
 */
export function yunoNotice(
  stand: TYunoStandIn,
  secret: string,
  paymentId: string,
  options: { sign?: boolean; ageSeconds?: number; accountId?: string } = {},
) {
  const payment = stand.render(paymentId);
  const at = new Date(Date.now() - (options.ageSeconds ?? 0) * 1000).toISOString();
  const rawBody = JSON.stringify({
    type: 'payment',
    type_event: 'payment.purchase',
    account_id: options.accountId ?? payment.account_id,
    retry: 0,
    version: 2,
    data: { payment: { ...payment, updated_at: at } },
  });
  const signature = signYunoNotice(options.sign === false ? `${secret}-wrong` : secret, rawBody);
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      'x-hmac-signature': signature,
    } as Record<string, string>,
  };
}
