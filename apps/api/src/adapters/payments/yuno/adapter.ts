import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isCpfDocument } from '@ingressos/domain/cpf';
import type { TPaymentStatus } from '@ingressos/domain/payment-status';
import { reaisCardAndPix, viewed } from '../adapter-parts.ts';
import { GatewayRefusedError, type TCharge, type TPaymentGateway } from '../gateway.ts';
import { YUNO_ORIGINS } from './origins.ts';
import { YUNO } from './settings.ts';
import { verifyYunoNotice } from './webhook.ts';

const CARD_FORM = readFileSync(new URL('./card-form.js', import.meta.url), 'utf8');
/** The form's token: Yuno's checkout session and the one-time token made in it (yuno-card-form.js). */
const CARD_TOKEN = /^([A-Za-z0-9-]{8,64}):([A-Za-z0-9-]{8,64})$/;
const BR_CODE = /^000201/;

type TYunoTransaction = { id?: string; type?: string; status?: string };
type TYunoPayment = {
  id: string;
  status: string;
  sub_status?: string | null;
  merchant_order_id?: string | null;
  created_at?: string;
  amount?: { value?: number | string; refunded?: number | string | null; currency?: string };
  payment_method?: {
    type?: string;
    payment_method_detail?: {
      card?: { card_data?: { brand?: string | null; lfd?: string | null } | null } | null;
      bank_transfer?: { code?: string | null; payment_instruction?: string | null } | null;
    } | null;
  } | null;
  /** The current transaction (an object on creation, a list when retrieved). */
  transactions?: TYunoTransaction | TYunoTransaction[] | null;
  transactions_history?: TYunoTransaction[] | null;
};

/** Reais as Yuno's amount.value takes them (a decimal number, docs.y.uno "Create Payment"). */
const reais = (cents: number) => Math.round(cents) / 100;
const cents = (value: number | string | null | undefined) => Math.round(Number(value ?? 0) * 100) || 0;

/**
 * Yuno's payment status (and sub_status) as ours (docs.y.uno "Payment Status and Response Codes").
 * A card still under way is in review (in_process); an unpaid Pix waits for the buyer (pending).
 */
export function yunoStatus(
  payment: Pick<TYunoPayment, 'status' | 'sub_status' | 'payment_method'>,
): TPaymentStatus {
  const pix = payment.payment_method?.type === 'PIX';
  switch (payment.status) {
    case 'SUCCEEDED':
      return 'approved';
    case 'REFUNDED':
      return 'refunded';
    case 'DECLINED':
    case 'REJECTED':
    case 'ERROR':
      return 'rejected';
    case 'CREATED':
    case 'READY_TO_PAY':
    case 'PENDING':
      return pix ? 'pending' : 'in_process';
    case 'CANCELED':
    case 'CANCELLED':
      return 'cancelled';
    case 'EXPIRED':
      return 'expired';
    case 'CHARGEBACK':
      return 'charged_back';
    case 'IN_DISPUTE':
      return 'in_mediation';
    default:
      return 'failed';
  }
}

/** The name as Yuno's customer_payer takes it: first name and the rest. */
const namesOf = (name: string | undefined) => {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return parts.length ? { first_name: parts[0], last_name: parts.slice(1).join(' ') || parts[0] } : {};
};

/**
 * A thin client of Yuno's payments API (a payment orchestrator: v1/checkout/sessions, v1/payments).
 * The browser runs Yuno's secure fields in a checkout session the server opened for the buyer's
 * cart (browser.session), and gets a one-time token; the charge sends it with that session.
 * Card data never reaches us. This machine cannot reach Yuno: tests run it against a local
 * stand-in of the documented API (testing/yuno-stand-in.ts) through YUNO_API_BASE.
 */
export function createYunoGateway(options: {
  publicApiKey: string;
  privateSecretKey: string;
  accountId: string;
  /** The secret of the webhook's x-hmac-signature. */
  webhookSecret: string;
  base?: string;
  timeoutMs?: number;
  interestBp?: number;
}): TPaymentGateway {
  const { publicApiKey, privateSecretKey, accountId, webhookSecret } = options;
  const root = (options.base ?? 'https://api.y.uno').replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const call = async <T = TYunoPayment>(
    path: string,
    init: { method?: string; body?: unknown; idempotencyKey?: string } = {},
  ): Promise<T | null> => {
    const response = await fetch(`${root}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'public-api-key': publicApiKey,
        'private-secret-key': privateSecretKey,
        ...(init.idempotencyKey ? { 'x-idempotency-key': init.idempotencyKey } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404) return null;
    // A 4xx is a refusal: nothing was done. A 5xx (or no answer) says nothing of the outcome.
    if (response.status >= 400 && response.status < 500)
      throw new GatewayRefusedError(`yuno ${path} answered ${response.status}`);
    if (!response.ok) throw new Error(`yuno ${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const must = (payment: TYunoPayment | null) => {
    if (!payment) throw new Error('yuno answered 404');
    return payment;
  };
  // A payment in reais under our reference (also its idempotency key).
  const postPayment = async (
    input: { externalRef: string; amountCents: number; description: string },
    payment: Record<string, unknown>,
  ) =>
    must(
      await call('/v1/payments', {
        method: 'POST',
        idempotencyKey: input.externalRef,
        body: {
          account_id: accountId,
          description: input.description,
          country: 'BR',
          merchant_order_id: input.externalRef,
          amount: { currency: 'BRL', value: reais(input.amountCents) },
          ...payment,
        },
      }),
    );
  const view = (p: TYunoPayment): TCharge => {
    const refunded = cents(p.amount?.refunded);
    return {
      ref: p.id,
      status: yunoStatus(p),
      statusDetail: p.sub_status || p.status,
      amountCents:
        p.amount?.value === undefined || !Number.isFinite(Number(p.amount.value))
          ? null
          : cents(p.amount.value),
      currency: p.amount?.currency ? p.amount.currency.toUpperCase() : null,
      externalRef: p.merchant_order_id ?? undefined,
      ...(refunded > 0 ? { refundedCents: refunded } : {}),
    };
  };
  const fetchPayment = (ref: string) => call(`/v1/payments/${encodeURIComponent(ref)}`);
  /** The purchase transaction a refund or a cancel is made on. */
  const purchaseOf = (p: TYunoPayment) => {
    const list = [
      ...(Array.isArray(p.transactions) ? p.transactions : p.transactions ? [p.transactions] : []),
      ...(p.transactions_history ?? []),
    ];
    return (list.find((t) => t.type === 'PURCHASE') ?? list[0])?.id;
  };
  const payer = (email: string, cpf: string | undefined, name?: string, phone?: string) => ({
    email,
    ...namesOf(name),
    ...(cpf && isCpfDocument(cpf) ? { document: { document_type: 'CPF', document_number: cpf } } : {}),
    ...(phone && /^\+55\d{10,11}$/.test(phone)
      ? { phone: { country_code: '55', number: phone.slice(3) } }
      : {}),
  });
  return {
    kind: 'yuno',
    browser: {
      cardForm: { path: YUNO.cardFormPath, source: CARD_FORM },
      publicKey: publicApiKey,
      csp: YUNO_ORIGINS,
      testMode: false,
      session: {
        // commerce §7: POST {precheckout host}/v1/yuno/start-checkout.
        path: '/api/v1/yuno/start-checkout',
        async start(input) {
          if (input.currency !== 'BRL') throw new GatewayRefusedError('Yuno charges reais only here');
          const session = await call<{ checkout_session?: string }>('/v1/checkout/sessions', {
            method: 'POST',
            body: {
              account_id: accountId,
              merchant_order_id: input.externalRef ?? randomUUID(),
              payment_description: 'Bilheto',
              country: 'BR',
              amount: { currency: 'BRL', value: reais(input.amountCents) },
              workflow: 'SDK_CHECKOUT',
            },
          });
          if (!session?.checkout_session) throw new Error('yuno answered no checkout session');
          return { session: session.checkout_session };
        },
      },
    },
    webhook: {
      path: YUNO.webhookPath,
      maxBytes: 64 * 1024,
      // x-hmac-signature: base64 HMAC-SHA256 of the raw body (yuno-webhook.ts).
      verify: (notice) =>
        verifyYunoNotice({
          secret: webhookSecret,
          rawBody: notice.rawBody,
          signature: notice.header('x-hmac-signature'),
        }),
    },
    // A Brazilian Yuno account here: reais only (docs/decisions.md, "Gateway: yuno").
    ...reaisCardAndPix(options.interestBp),
    async chargeCard(input) {
      if (input.currency !== 'BRL') throw new GatewayRefusedError('Yuno charges reais only here');
      const token = CARD_TOKEN.exec(input.token);
      if (!token) throw new GatewayRefusedError('not a token of the Yuno card form');
      const session = token[1]!;
      const oneTimeToken = token[2]!;
      const customer = input.fraudAnalysis?.customer;
      // The session was opened for the cart total; a plan with interest charges more, so the
      // session is brought to the amount charged first (PATCH changes only the fields sent).
      if (input.installments > 1)
        await call(`/v1/checkout/sessions/${encodeURIComponent(session)}`, {
          method: 'PATCH',
          body: { amount: { currency: 'BRL', value: reais(input.amountCents) } },
        });
      const payment = await postPayment(input, {
        checkout: { session },
        workflow: 'SDK_CHECKOUT',
        payment_method: {
          token: oneTimeToken,
          vaulted_token: null,
          ...(input.installments > 1 ? { detail: { card: { installments: input.installments } } } : {}),
        },
        customer_payer: payer(input.payerEmail, input.payerCpf, customer?.name, customer?.phone),
        ...(input.fraudAnalysis
          ? {
              additional_data: {
                order: {
                  items: input.fraudAnalysis.cart.items.map((item) => ({
                    id: item.sku,
                    name: item.name,
                    quantity: item.quantity,
                    unit_amount: reais(item.unitCents),
                  })),
                },
              },
            }
          : {}),
      });
      const card = payment.payment_method?.payment_method_detail?.card?.card_data;
      return { ...view(payment), brand: (card?.brand ?? '').toLowerCase(), last4: card?.lfd ?? '' };
    },
    async createPix(input) {
      if (input.currency !== 'BRL') throw new GatewayRefusedError('Pix moves reais only');
      const payment = await postPayment(input, {
        workflow: 'DIRECT',
        payment_method: {
          type: 'PIX',
          detail: { bank_transfer: { expires_at: input.expiresAt.toISOString() } },
        },
        customer_payer: payer(input.payerEmail, input.payerCpf),
      });
      const transfer = payment.payment_method?.payment_method_detail?.bank_transfer;
      const payload = [transfer?.code, transfer?.payment_instruction].find(
        (text): text is string => typeof text === 'string' && BR_CODE.test(text),
      );
      return { ...view(payment), payload: payload ?? '' };
    },
    async getCharge(ref) {
      return viewed(await fetchPayment(ref), view);
    },
    async findByExternalRef(externalRef) {
      // GET /v1/payments?merchant_order_id=: the payments made with our reference; the newest wins.
      const found = await call<TYunoPayment[]>(
        `/v1/payments?${new URLSearchParams({ merchant_order_id: externalRef })}`,
      );
      const payment = (Array.isArray(found) ? found : [])
        .filter((p) => p.merchant_order_id === externalRef)
        .sort((a, b) => Date.parse(b.created_at ?? '') - Date.parse(a.created_at ?? ''))[0];
      return payment ? view(payment) : null;
    },
    async cancel(ref) {
      const payment = await fetchPayment(ref);
      if (!payment) return null;
      const transaction = purchaseOf(payment);
      if (['CREATED', 'READY_TO_PAY', 'PENDING'].includes(payment.status) && transaction) {
        try {
          await call(
            `/v1/payments/${encodeURIComponent(ref)}/transactions/${encodeURIComponent(transaction)}/cancel`,
            {
              method: 'POST',
              idempotencyKey: `cancel-${ref}`,
              body: { merchant_reference: `cancel-${ref}`, reason: 'REQUESTED_BY_CUSTOMER' },
            },
          );
        } catch {
          // Not cancellable any more (paid meanwhile, say): report the payment as it stands.
        }
      }
      return viewed(await fetchPayment(ref), view);
    },
    async refund(ref, amountCents) {
      const payment = must(await fetchPayment(ref));
      const total = cents(payment.amount?.value);
      const refunded = cents(payment.amount?.refunded);
      const left = payment.status === 'REFUNDED' ? 0 : total - refunded;
      // Idempotent per (charge, amount already refunded): nothing beyond the charge goes back.
      const amount = Math.min(amountCents ?? left, left);
      if (amount <= 0) return;
      const transaction = purchaseOf(payment);
      if (!transaction) throw new Error('yuno payment without a transaction');
      const key = `refund-${ref}-${refunded}-${amount}`;
      await call(
        `/v1/payments/${encodeURIComponent(ref)}/transactions/${encodeURIComponent(transaction)}/refund`,
        {
          method: 'POST',
          idempotencyKey: key,
          body: {
            merchant_reference: key,
            reason: 'REQUESTED_BY_CUSTOMER',
            // Without an amount Yuno refunds the whole payment: only when nothing went back yet.
            ...(amount === total && refunded === 0
              ? {}
              : { amount: { currency: payment.amount?.currency ?? 'BRL', value: reais(amount) } }),
          },
        },
      );
    },
  };
}
