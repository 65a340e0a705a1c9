import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for PicPay's E-commerce API (docs/payments.md, PicPay). This machine cannot reach
 * PicPay, so tests point PICPAY_API_BASE here. It follows the documented surface the adapter uses
 * and records every request:
 * - POST /payments { referenceId, callbackUrl, returnUrl, value (reais), expiresAt, buyer { firstName,
 *   lastName, document, email, phone }, additionalInfo } answers { referenceId, paymentUrl,
 *   qrcode { content, base64 }, expiresAt }; a referenceId used before is refused (422);
 * - GET /payments/{referenceId}/status answers { referenceId, authorizationId, status } with the
 *   request's additionalInfo (PicPay returns the order's status and its additional_info only);
 *   status created | expired | analysis | paid | completed | refunded | chargeback;
 * - POST /payments/{referenceId}/cancellations { authorizationId }: an unpaid order ends (expired
 *   here), a paid one is refunded in full; answers { referenceId, cancellationId }.
 * Every call needs x-picpay-token. GET /checkout/{referenceId} is PicPay's page (paymentUrl): its
 * 'Pagar com PicPay' pays, calls back callbackUrl and sends the browser to returnUrl. `pay` is the
 * buyer paying in the app; `notice` is PicPay's
 * callback { referenceId, authorizationId } with x-seller-token. Fault for the next POST /payments
 * (`fail`): 'late' makes the request at once and answers after the client gave up.
 */
type TStandInPayment = {
  referenceId: string;
  authorizationId: string | null;
  status: string;
  value: number;
  expiresAt: string | null;
  callbackUrl: string;
  returnUrl: string | null;
  buyer: Record<string, unknown>;
  additionalInfo: unknown;
};

export type TPicPayStandIn = {
  url: string;
  received: { method: string; path: string; headers: Record<string, string>; body: string }[];
  payments: Map<string, TStandInPayment>;
  /** The next POST /payments is made at once but answered `lateMs` later (after the client gave up). */
  fail(fault: 'late', lateMs: number): void;
  /** The buyer pays in the app (paid, with an authorizationId); `analysis` holds it in PicPay's review first. */
  pay(referenceId: string, to?: 'paid' | 'analysis'): void;
  /** PicPay moves an order on its own: its review approves it, or it lapses unpaid. */
  settle(referenceId: string, to: 'approved' | 'expired'): void;
  /** PicPay's callback to callbackUrl: the order named, authenticated by x-seller-token. */
  notice(
    referenceId: string,
    options?: { signed?: boolean },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startPicPayStandIn(token: string, sellerToken: string): Promise<TPicPayStandIn> {
  const received: TPicPayStandIn['received'] = [];
  const payments = new Map<string, TStandInPayment>();
  let late: number | null = null;
  let url = '';

  const lapse = (payment: TStandInPayment) => {
    if (payment.status === 'created' && payment.expiresAt && Date.parse(payment.expiresAt) <= Date.now())
      payment.status = 'expired';
    return payment;
  };
  const create = (json: Record<string, unknown>): { status: number; answer: unknown } => {
    const buyer = json.buyer as Record<string, unknown> | undefined;
    const referenceId = json.referenceId;
    if (typeof referenceId !== 'string' || !referenceId)
      return { status: 422, answer: { message: 'O campo referenceId é obrigatório' } };
    if (payments.has(referenceId))
      return { status: 422, answer: { message: 'referenceId já utilizado para outro pagamento' } };
    if (typeof json.value !== 'number' || !(json.value > 0))
      return { status: 422, answer: { message: 'O campo value deve ser maior que zero' } };
    if (typeof json.callbackUrl !== 'string' || !json.callbackUrl)
      return { status: 422, answer: { message: 'O campo callbackUrl é obrigatório' } };
    if (!buyer?.firstName || !buyer.lastName || !/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(String(buyer.document)))
      return { status: 422, answer: { message: 'Dados do comprador inválidos' } };
    const payment: TStandInPayment = {
      referenceId,
      authorizationId: null,
      status: 'created',
      value: json.value,
      expiresAt: typeof json.expiresAt === 'string' ? json.expiresAt : null,
      callbackUrl: json.callbackUrl,
      returnUrl: typeof json.returnUrl === 'string' ? json.returnUrl : null,
      buyer,
      additionalInfo: json.additionalInfo ?? null,
    };
    payments.set(referenceId, payment);
    const paymentUrl = `${url}/checkout/${encodeURIComponent(referenceId)}`;
    return {
      status: 200,
      answer: {
        referenceId,
        paymentUrl,
        qrcode: {
          content: paymentUrl,
          base64: `data:image/png;base64,${Buffer.from(paymentUrl).toString('base64')}`,
        },
        expiresAt: payment.expiresAt,
      },
    };
  };

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const path = (request.url ?? '/').split('?')[0]!;
    received.push({
      method: request.method ?? 'GET',
      path,
      headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
      body,
    });
    // PicPay's page (paymentUrl), as the buyer's browser sees it: pay in the app, PicPay calls back
    // our callbackUrl, then sends the buyer to returnUrl.
    const page = path.match(/^\/checkout\/([^/]+)$/);
    if (page) {
      const found = payments.get(decodeURIComponent(page[1]!));
      if (!found) return send(response, 404, { message: 'Pagamento não encontrado' });
      if (request.method === 'POST') {
        if (lapse(found).status !== 'created') return send(response, 400, { message: 'Pagamento encerrado' });
        found.status = 'paid';
        found.authorizationId = randomUUID().replaceAll('-', '').slice(0, 24);
        await fetch(found.callbackUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-seller-token': sellerToken },
          body: JSON.stringify({ referenceId: found.referenceId, authorizationId: found.authorizationId }),
        }).catch(() => undefined);
        response.writeHead(302, { location: found.returnUrl ?? '/' });
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(
        `<!doctype html><html lang="pt-BR"><title>PicPay</title><h1>Pague com PicPay</h1><p>R$ ${found.value.toFixed(2)}</p><form method="post"><button>Pagar com PicPay</button></form></html>`,
      );
    }
    if (request.headers['x-picpay-token'] !== token)
      return send(response, 401, { message: 'Token de integração inválido' });
    let json: Record<string, unknown> = {};
    try {
      json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    } catch {
      return send(response, 422, { message: 'JSON inválido' });
    }
    if (request.method === 'POST' && path === '/payments') {
      const made = create(json);
      if (late !== null && made.status === 200) {
        const wait = late;
        late = null;
        await sleep(wait);
      }
      return send(response, made.status, made.answer);
    }
    const status = path.match(/^\/payments\/([^/]+)\/status$/);
    if (request.method === 'GET' && status) {
      const payment = payments.get(decodeURIComponent(status[1]!));
      if (!payment) return send(response, 404, { message: 'Pagamento não encontrado' });
      lapse(payment);
      return send(response, 200, {
        referenceId: payment.referenceId,
        ...(payment.authorizationId ? { authorizationId: payment.authorizationId } : {}),
        status: payment.status,
        ...(payment.additionalInfo ? { additionalInfo: payment.additionalInfo } : {}),
      });
    }
    const cancel = path.match(/^\/payments\/([^/]+)\/cancellations$/);
    if (request.method === 'POST' && cancel) {
      const payment = payments.get(decodeURIComponent(cancel[1]!));
      if (!payment) return send(response, 404, { message: 'Pagamento não encontrado' });
      lapse(payment);
      if (payment.status === 'paid' || payment.status === 'completed') {
        if (json.authorizationId !== undefined && json.authorizationId !== payment.authorizationId)
          return send(response, 422, { message: 'authorizationId não confere' });
        payment.status = 'refunded';
      } else if (payment.status === 'created' || payment.status === 'analysis') payment.status = 'expired';
      else return send(response, 422, { message: `Pagamento ${payment.status} não pode ser cancelado` });
      return send(response, 200, {
        referenceId: payment.referenceId,
        cancellationId: randomUUID().replaceAll('-', '').slice(0, 24),
      });
    }
    return send(response, 404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const payment = (referenceId: string) => {
    const found = payments.get(referenceId);
    if (!found) throw new Error(`picpay stand-in: no payment ${referenceId}`);
    return found;
  };
  return {
    url,
    received,
    payments,
    fail(_fault, lateMs) {
      late = lateMs;
    },
    pay(referenceId, to = 'paid') {
      const found = payment(referenceId);
      found.status = to;
      found.authorizationId = randomUUID().replaceAll('-', '').slice(0, 24);
    },
    settle(referenceId, to) {
      const found = payment(referenceId);
      if (to === 'expired') {
        found.status = 'expired';
        return;
      }
      found.status = 'paid';
      found.authorizationId ??= randomUUID().replaceAll('-', '').slice(0, 24);
    },
    notice(referenceId, options = {}) {
      const found = payments.get(referenceId);
      return {
        body: JSON.stringify({ referenceId, authorizationId: found?.authorizationId ?? null }),
        headers: {
          'content-type': 'application/json',
          'x-seller-token': options.signed === false ? `${sellerToken.slice(0, -1)}x` : sellerToken,
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
