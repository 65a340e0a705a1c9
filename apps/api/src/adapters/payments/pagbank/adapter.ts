import { readFileSync } from 'node:fs';
import { isCpfDocument } from '@ingressos/domain/cpf';
import type { TPaymentStatus } from '@ingressos/domain/payment-status';
import { cardFormBrowser, reaisCardAndPix, viewed } from '../adapter-parts.ts';
import { GatewayRefusedError, type TCharge, type TPaymentGateway } from '../gateway.ts';
import { PAGBANK_ORIGINS } from './origins.ts';
import { PAGBANK } from './settings.ts';
import { isFreshPagBankNotice, pagBankNoticeRef, verifyPagBankSignature } from './webhook.ts';

const CARD_FORM = readFileSync(new URL('./card-form.js', import.meta.url), 'utf8');
const REF = /^(ORDE|CHAR)_[A-Za-z0-9-]{1,64}$/;

type TPbCharge = {
  id: string;
  reference_id?: string;
  status: string;
  created_at?: string;
  paid_at?: string;
  amount: {
    value: number;
    currency?: string;
    summary?: { total?: number; paid?: number; refunded?: number };
  };
  payment_response?: { code?: string; message?: string };
  payment_method?: { type?: string; card?: { brand?: string; last_digits?: string } };
};
type TPbOrder = {
  id: string;
  reference_id?: string;
  charges?: TPbCharge[];
  qr_codes?: { id: string; expiration_date?: string; text?: string; amount?: { value?: number } }[];
};

/** PagBank's charge statuses (Objeto Charge) onto ours; a CANCELED charge that had been paid was refunded. */
function statusOf(charge: TPbCharge): TPaymentStatus {
  const { paid = 0, refunded = 0 } = charge.amount.summary ?? {};
  switch (charge.status) {
    case 'PAID':
      return refunded > 0 && refunded >= paid ? 'refunded' : 'approved';
    case 'AUTHORIZED':
      return 'authorized';
    case 'IN_ANALYSIS':
      return 'in_process';
    case 'WAITING':
      return 'pending';
    case 'DECLINED':
      return 'rejected';
    case 'CANCELED':
      return paid > 0 || refunded > 0 ? 'refunded' : 'cancelled';
    default:
      return 'failed';
  }
}

const chargeView = (charge: TPbCharge, externalRef: string | undefined, ref: string): TCharge => ({
  ref,
  status: statusOf(charge),
  statusDetail: [charge.status, charge.payment_response?.code].filter(Boolean).join(':'),
  // PagBank's amounts are integers in cents.
  amountCents: typeof charge.amount.value === 'number' ? charge.amount.value : null,
  currency: charge.amount.currency ? charge.amount.currency.toUpperCase() : null,
  externalRef: externalRef ?? charge.reference_id,
  refundedCents: charge.amount.summary?.refunded ?? 0,
});

/** An order as one charge: its newest charge, else its Pix QR code (waiting, or lapsed past its expiration). */
function orderView(order: TPbOrder, now = Date.now()): TCharge {
  const charge = order.charges?.at(-1);
  if (charge) return chargeView(charge, order.reference_id, order.id);
  const qr = order.qr_codes?.[0];
  const lapsed = qr?.expiration_date ? Date.parse(qr.expiration_date) <= now : false;
  return {
    ref: order.id,
    status: lapsed ? 'expired' : 'pending',
    statusDetail: lapsed ? 'QR_CODE_EXPIRED' : 'WAITING',
    // A QR code not paid yet: what it asks for, always in reais.
    amountCents: typeof qr?.amount?.value === 'number' ? qr.amount.value : null,
    currency: qr ? 'BRL' : null,
    externalRef: order.reference_id,
    refundedCents: 0,
  };
}

/** PagBank's customer: name, e-mail and tax_id (CPF), which the Orders API requires. */
function customerOf(input: { payerEmail: string; payerCpf?: string | undefined; name?: string }) {
  const cpf = input.payerCpf && isCpfDocument(input.payerCpf) ? input.payerCpf : undefined;
  if (!cpf) throw new GatewayRefusedError('PagBank needs the buyer’s CPF (customer.tax_id)');
  // PagBank refuses names with symbols (error 40002): letters, digits and spaces only.
  const name = (input.name ?? input.payerEmail.split('@')[0] ?? 'Comprador')
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 30);
  return { name: name || 'Comprador', email: input.payerEmail, tax_id: cpf };
}

/**
 * A thin client of PagBank's Orders API (POST /orders, GET /orders/{id}, GET /charges/{id},
 * POST /charges/{id}/cancel), Bearer token, our payment id as reference_id and x-idempotency-key.
 * Cards come encrypted by PagBank's JS SDK in the browser (pagbank-card-form.js): only the
 * `encrypted` blob reaches us, which only PagBank can read. A charge's ref is the PagBank order id
 * (ORDE_…): a Pix order has no charge until it is paid. This machine cannot reach PagBank: tests
 * run it against testing/pagbank-stand-in.ts through PAGBANK_API_BASE. docs/payments.md (PagBank).
 */
export function createPagBankGateway(options: {
  token: string;
  publicKey: string;
  /** Where PagBank posts notices: <PUBLIC_URL>/api/webhooks/pagbank (notification_urls); none without it. */
  notificationUrl?: string | undefined;
  base?: string;
  timeoutMs?: number;
  interestBp?: number;
}): TPaymentGateway {
  const { token } = options;
  const root = (options.base ?? 'https://api.pagseguro.com').replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const notificationUrls = options.notificationUrl ? [options.notificationUrl] : undefined;

  const call = async <T>(
    path: string,
    init: { method?: string; body?: string; idempotencyKey?: string } = {},
  ) => {
    const response = await fetch(`${root}${path}`, {
      method: init.method ?? 'GET',
      ...(init.body ? { body: init.body } : {}),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
        ...(init.idempotencyKey ? { 'x-idempotency-key': init.idempotencyKey } : {}),
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404) return null;
    // A 4xx is a refusal (nothing was done); a 5xx or no answer says nothing of the outcome. An
    // idempotency conflict means an order with our key exists: the outcome is unknown, not refused.
    const text = await response.text();
    if (response.status === 409 || /IDEMPOTENCY/i.test(response.status >= 400 ? text : ''))
      throw new Error(`pagbank ${path} answered ${response.status}: an order exists under this key`);
    if (response.status >= 400 && response.status < 500)
      throw new GatewayRefusedError(`pagbank ${path} answered ${response.status}`);
    if (!response.ok) throw new Error(`pagbank ${path} answered ${response.status}`);
    return JSON.parse(text) as T;
  };

  /**
   * PagBank documents no search of orders by reference_id. What this process learnt stands in:
   * the order made with each reference (from answers and verified notices), and the exact request
   * whose answer was lost, which POST /orders answers again under the same x-idempotency-key
   * without charging twice. Bounded; a notice from PagBank settles what another process made.
   */
  const known = new Map<string, string>();
  const unanswered = new Map<string, string>();
  const remember = (map: Map<string, string>, key: string, value: string) => {
    map.delete(key);
    map.set(key, value);
    if (map.size > 5_000) map.delete(map.keys().next().value as string);
  };
  const createOrder = async (externalRef: string, body: string) => {
    remember(unanswered, externalRef, body);
    const order = await call<TPbOrder>('/orders', { method: 'POST', body, idempotencyKey: externalRef });
    if (!order) throw new Error('pagbank /orders answered 404');
    unanswered.delete(externalRef);
    remember(known, externalRef, order.id);
    return order;
  };
  const getOrder = (id: string) => call<TPbOrder>(`/orders/${encodeURIComponent(id)}`);
  const findOrder = async (externalRef: string): Promise<TPbOrder | null> => {
    const id = known.get(externalRef);
    if (id) return getOrder(id);
    const body = unanswered.get(externalRef);
    return body ? createOrder(externalRef, body) : null;
  };
  const cardOf = (order: TPbOrder) => {
    const card = order.charges?.at(-1)?.payment_method?.card;
    return { brand: card?.brand ?? '', last4: card?.last_digits ?? '' };
  };

  return {
    kind: 'pagbank',
    browser: cardFormBrowser(
      { path: PAGBANK.cardFormPath, source: CARD_FORM },
      options.publicKey,
      PAGBANK_ORIGINS,
    ),
    webhook: {
      path: PAGBANK.webhookPath,
      maxBytes: 64 * 1024,
      // x-authenticity-token = sha256(`${token}-${raw body}`); no timestamp, so dated by its own dates.
      verify(notice) {
        if (!verifyPagBankSignature(token, notice.rawBody, notice.header('x-authenticity-token')))
          return { valid: false };
        if (!isFreshPagBankNotice(notice.body)) return { valid: false };
        const body = notice.body as { id?: string; reference_id?: unknown };
        const ref = pagBankNoticeRef(body);
        if (ref?.startsWith('ORDE_') && typeof body.reference_id === 'string')
          remember(known, body.reference_id, ref);
        return { valid: true, ref };
      },
    },
    // PagBank's amounts are reais only ("apenas o Real brasileiro é suportado").
    ...reaisCardAndPix(options.interestBp),
    async chargeCard(input) {
      if (input.currency !== 'BRL') throw new GatewayRefusedError('PagBank charges reais only');
      if (!/^[A-Za-z0-9+/=]{100,4096}$/.test(input.token))
        throw new GatewayRefusedError('not a card encrypted by PagBank’s SDK');
      // One order per reference: the same reference answers the order it already made.
      const earlier = await findOrder(input.externalRef);
      if (earlier) return { ...orderView(earlier), ...cardOf(earlier) };
      const customer = customerOf({
        payerEmail: input.payerEmail,
        payerCpf: input.payerCpf ?? input.fraudAnalysis?.customer.cpf,
        name: input.fraudAnalysis?.customer.name,
      });
      const items = input.fraudAnalysis?.cart.items.map((item) => ({
        reference_id: item.sku.slice(0, 64),
        name: item.name.slice(0, 64),
        quantity: item.quantity,
        unit_amount: item.unitCents,
      }));
      const order = await createOrder(
        input.externalRef,
        JSON.stringify({
          reference_id: input.externalRef,
          customer,
          items: items?.length
            ? items
            : [{ name: input.description.slice(0, 64), quantity: 1, unit_amount: input.amountCents }],
          ...(notificationUrls ? { notification_urls: notificationUrls } : {}),
          charges: [
            {
              reference_id: input.externalRef,
              description: input.description.slice(0, 64),
              amount: { value: input.amountCents, currency: 'BRL' },
              payment_method: {
                type: 'CREDIT_CARD',
                installments: input.installments,
                capture: true,
                card: { encrypted: input.token },
              },
            },
          ],
        }),
      );
      return { ...orderView(order), ...cardOf(order) };
    },
    async createPix(input) {
      if (input.currency !== 'BRL') throw new GatewayRefusedError('Pix moves reais only');
      const earlier = await findOrder(input.externalRef);
      const order =
        earlier ??
        (await createOrder(
          input.externalRef,
          JSON.stringify({
            reference_id: input.externalRef,
            customer: customerOf(input),
            items: [{ name: input.description.slice(0, 64), quantity: 1, unit_amount: input.amountCents }],
            qr_codes: [
              { amount: { value: input.amountCents }, expiration_date: input.expiresAt.toISOString() },
            ],
            ...(notificationUrls ? { notification_urls: notificationUrls } : {}),
          }),
        ));
      return { ...orderView(order), payload: order.qr_codes?.[0]?.text ?? '' };
    },
    async getCharge(ref) {
      if (!REF.test(ref)) return null;
      if (ref.startsWith('CHAR_')) {
        const charge = await call<TPbCharge>(`/charges/${encodeURIComponent(ref)}`);
        return charge ? chargeView(charge, undefined, ref) : null;
      }
      return viewed(await getOrder(ref), orderView);
    },
    async findByExternalRef(externalRef) {
      return viewed(await findOrder(externalRef), orderView);
    },
    async cancel(ref) {
      const order = REF.test(ref) ? await getOrder(ref) : null;
      if (!order) return null;
      const charge = order.charges?.at(-1);
      const now = orderView(order);
      // A card still open (in analysis, authorised) is cancelled at PagBank; a paid charge stands.
      if (charge && (charge.status === 'IN_ANALYSIS' || charge.status === 'AUTHORIZED')) {
        try {
          await call(`/charges/${encodeURIComponent(charge.id)}/cancel`, {
            method: 'POST',
            idempotencyKey: `cancel-${charge.id}`,
            body: JSON.stringify({ amount: { value: charge.amount.value } }),
          });
        } catch {}
        const after = await getOrder(ref);
        return after ? orderView(after) : now;
      }
      if (charge || now.status !== 'pending') return now;
      // PagBank has no call to withdraw an unpaid QR code: we stop waiting for it. A bank that
      // still pays it before its expiration_date shows as a paid charge and is refunded
      // (order-lifecycle: approved after the order ended).
      return { ...now, status: 'cancelled', statusDetail: 'WAITING:withdrawn_by_us' };
    },
    async refund(ref, amountCents) {
      // Our refs are orders; a charge's id (a charge notice) is refunded directly.
      const charges = ref.startsWith('CHAR_')
        ? [await call<TPbCharge>(`/charges/${encodeURIComponent(ref)}`)]
        : REF.test(ref)
          ? ((await getOrder(ref))?.charges ?? [])
          : [];
      const charge = charges.find((c) => (c?.amount.summary?.paid ?? 0) > 0);
      if (!charge) throw new GatewayRefusedError('pagbank: no paid charge to refund');
      const paid = charge.amount.summary?.paid ?? charge.amount.value;
      const refunded = charge.amount.summary?.refunded ?? 0;
      const value = Math.min(amountCents ?? paid - refunded, paid - refunded);
      // A repeated full refund, or a part beyond what is left, gives nothing back.
      if (value <= 0) return;
      await call(`/charges/${encodeURIComponent(charge.id)}/cancel`, {
        method: 'POST',
        idempotencyKey: `refund-${charge.id}-${refunded}-${value}`,
        body: JSON.stringify({ amount: { value } }),
      });
    },
  };
}
