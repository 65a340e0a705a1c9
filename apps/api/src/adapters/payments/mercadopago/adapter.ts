import { readFileSync } from 'node:fs';
import { isCpfDocument } from '@ingressos/domain/cpf';
import { isPaymentStatus, type TPaymentStatus } from '@ingressos/domain/payment-status';
import {
  MercadoPagoConfig,
  MercadoPagoError,
  MPConnectionError,
  Payment,
  PaymentRefund,
  Preference,
} from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { cardFormBrowser, viewed } from '../adapter-parts.ts';
import { GatewayRefusedError, type TCharge, type TFraudAnalysis, type TPaymentGateway } from '../gateway.ts';
import { MERCADOPAGO_ORIGINS } from './origins.ts';
import { MERCADOPAGO } from './settings.ts';
import { verifyMercadoPagoSignature } from './webhook.ts';

const CARD_FORM = readFileSync(new URL('./card-form.js', import.meta.url), 'utf8');
const WALLET = readFileSync(new URL('./wallet.js', import.meta.url), 'utf8');
const REF = /^\d{1,20}$/;
/** The API root the SDK calls (its AppConfig.BASE_URL), read once when this module loads. */
export const MERCADOPAGO_SDK_BASE: string = AppConfig.BASE_URL;
/** AppConfig.BASE_URL is declared readonly but is a plain static property (atBase below). */
const sdkRoot = AppConfig as { BASE_URL: string };

/** A payment as Mercado Pago's API answers it (the SDK's PaymentResponse, the fields we read). */
type TMpPayment = {
  id?: number | string;
  status?: string;
  status_detail?: string;
  external_reference?: string | null;
  payment_method_id?: string;
  transaction_amount?: number;
  currency_id?: string;
  transaction_amount_refunded?: number;
  refunds?: { amount?: number; status?: string }[];
  card?: { last_four_digits?: string };
  point_of_interaction?: { transaction_data?: { qr_code?: string } };
};

/** The payer as Mercado Pago's payments API takes it: e-mail and, for Brazilians, the CPF. */
const payerOf = (email: string, cpf: string | undefined) => ({
  email,
  ...(cpf && isCpfDocument(cpf) ? { identification: { type: 'CPF', number: cpf } } : {}),
});

/** additional_info: what Mercado Pago's fraud prevention scores (items and payer names), never a card. */
const additionalInfoOf = (fraud: TFraudAnalysis | undefined) => {
  if (!fraud) return undefined;
  const [first, ...rest] = fraud.customer.name.trim().split(/\s+/);
  return {
    items: fraud.cart.items.map((item) => ({
      id: item.sku,
      title: item.name,
      quantity: item.quantity,
      unit_price: item.unitCents / 100,
    })),
    payer: { first_name: first ?? '', last_name: rest.join(' ') },
  };
};

/**
 * How the SDK reports a failure: from 3.x a MercadoPagoError subclass whose `status` is the HTTP
 * status (0 for MPConnectionError: a timeout, a refused or dropped connection); older releases
 * threw the parsed error body itself (`{ message, status, cause }`), which carries the status
 * only when Mercado Pago wrote it in. Null: no status known (the outcome is unknown).
 */
export function httpStatusOf(error: unknown): number | null {
  if (error instanceof MPConnectionError) return null;
  const status = (error as { status?: unknown } | null)?.status;
  if (error instanceof MercadoPagoError || (error && typeof error === 'object' && !(error instanceof Error)))
    return typeof status === 'number' && status >= 100 ? status : null;
  return null;
}

/**
 * A refusal (nothing was done) or an unknown outcome. 409 (the same idempotency key still being
 * processed), 423 (key locked) and 424 (a failed dependency) are 4xx that do not say the request
 * was refused, so they leave the outcome unknown like a 5xx or a timeout.
 */
const UNKNOWN_4XX = new Set([409, 423, 424]);
function asGatewayError(what: string, error: unknown): Error {
  const status = httpStatusOf(error);
  const reason = error instanceof Error ? error.message : String((error as { message?: unknown })?.message);
  if (status !== null && status >= 400 && status < 500 && !UNKNOWN_4XX.has(status))
    return new GatewayRefusedError(`mercadopago ${what} answered ${status}: ${reason}`);
  return new Error(`mercadopago ${what} failed (${status ?? 'no answer'}): ${reason}`, { cause: error });
}

/**
 * The SDK has no setting for its API root: every call is made at AppConfig.BASE_URL, read
 * synchronously when the call starts (RestClient.fetch builds the URL before its first await).
 * When MERCADOPAGO_API_BASE names another root (tests: the local stand-in), it is set only for
 * the synchronous start of each call and put back at once, so nothing else ever sees it; with the
 * default (production) the SDK is not touched at all. docs/payments.md, "Mercado Pago".
 */
function atBase<T>(base: string, start: () => Promise<T>): Promise<T> {
  if (base === MERCADOPAGO_SDK_BASE) return start();
  sdkRoot.BASE_URL = base;
  try {
    // A later SDK that froze its root would send a test's calls to the real API: fail instead.
    if (sdkRoot.BASE_URL !== base) throw new Error('the Mercado Pago SDK no longer lets its API root be set');
    return start();
  } finally {
    sdkRoot.BASE_URL = MERCADOPAGO_SDK_BASE;
  }
}

const centsOf = (reais: number) => Math.round(reais * 100);

/** What was given back so far: transaction_amount_refunded, or the approved refunds' sum. */
const refundedCentsOf = (p: TMpPayment) =>
  typeof p.transaction_amount_refunded === 'number'
    ? centsOf(p.transaction_amount_refunded)
    : (p.refunds ?? [])
        .filter((r) => r.status === undefined || r.status === 'approved')
        .reduce((sum, r) => sum + centsOf(r.amount ?? 0), 0);

/**
 * Mercado Pago through its official Node SDK (`mercadopago`, pinned): `Payment` (create, get,
 * search, cancel) and `PaymentRefund` (create: full or partial). Card tokens come from Mercado
 * Pago's secure fields in the browser (mercadopago-card-form.js); card data never reaches us.
 * This machine cannot reach Mercado Pago: tests run it against a local stand-in of the
 * documented API (testing/mercadopago-stand-in.ts) through MERCADOPAGO_API_BASE.
 */
export function createMercadoPagoGateway(options: {
  accessToken: string;
  publicKey: string;
  /** The secret of the webhook's x-signature (Your integrations > Webhooks). */
  webhookSecret: string;
  base?: string;
  timeoutMs?: number;
  interestBp?: number;
}): TPaymentGateway {
  const { accessToken, webhookSecret } = options;
  const base = (options.base ?? MERCADOPAGO_SDK_BASE).replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const interestBp = options.interestBp ?? 299;

  /**
   * A configuration per call: the SDK's clients merge each call's requestOptions into the shared
   * config for good, so one config would carry a charge's idempotency key into the next refund.
   * No retries: an unanswered charge is settled by asking by our reference (the reconciler), and a
   * retry would outlast PAYMENT_GATEWAY_TIMEOUT_MS.
   */
  const configOf = (extra: { idempotencyKey?: string; meliSessionId?: string } = {}) =>
    new MercadoPagoConfig({ accessToken, options: { timeout: timeoutMs, maxRetries: 0, ...extra } });
  const run = async <T>(what: string, start: () => Promise<T>): Promise<T> => {
    try {
      return await atBase(base, start);
    } catch (error) {
      throw asGatewayError(what, error);
    }
  };
  /** A read: null when Mercado Pago has no such payment (404). */
  const read = async <T>(what: string, start: () => Promise<T>): Promise<T | null> => {
    try {
      return await atBase(base, start);
    } catch (error) {
      if (httpStatusOf(error) === 404) return null;
      throw asGatewayError(what, error);
    }
  };
  const getPayment = (ref: string) =>
    read('get payment', () => new Payment(configOf()).get({ id: ref }) as Promise<TMpPayment>);

  const view = (p: TMpPayment): TCharge => ({
    ref: String(p.id),
    status: (isPaymentStatus(p.status) ? p.status : 'failed') as TPaymentStatus,
    statusDetail: p.status_detail ?? '',
    // transaction_amount is what the payment is for (the installments' financing is on top of it,
    // paid to Mercado Pago: we charge the plan's total as transaction_amount ourselves).
    amountCents: typeof p.transaction_amount === 'number' ? centsOf(p.transaction_amount) : null,
    currency: p.currency_id ? p.currency_id.toUpperCase() : null,
    externalRef: p.external_reference ?? undefined,
    refundedCents: refundedCentsOf(p),
  });
  const created = (p: TMpPayment) => {
    if (p.id === undefined || p.id === null) throw new Error('mercadopago answered a payment without id');
    return p;
  };

  return {
    kind: 'mercadopago',
    browser: cardFormBrowser(
      { path: MERCADOPAGO.cardFormPath, source: CARD_FORM },
      options.publicKey,
      MERCADOPAGO_ORIGINS,
    ),
    webhook: {
      path: MERCADOPAGO.webhookPath,
      maxBytes: 8 * 1024,
      // Signed as id:<data.id>;request-id:<x-request-id>;ts:<ts>; (mercadopago-webhook.ts).
      verify(notice) {
        const body = notice.body as { type?: unknown; data?: { id?: unknown } } | null;
        const dataId =
          notice.query['data.id'] ?? (typeof body?.data?.id === 'string' ? body.data.id : undefined);
        const valid = verifyMercadoPagoSignature({
          secret: webhookSecret,
          dataId,
          requestId: notice.header('x-request-id'),
          signature: notice.header('x-signature'),
        });
        if (!valid) return { valid: false };
        const type = notice.query.type ?? body?.type;
        return { valid: true, ref: type === 'payment' && dataId && REF.test(dataId) ? dataId : null };
      },
    },
    capabilities: {
      methods: ['credit_card', 'pix'],
      threeDS: false,
      // Checkout Pro (Preference API) and its Wallet Brick (issue 15).
      hostedCheckout: true,
      walletButton: true,
      multiCard: true, // Ways to pay: multi-payment — each card is its own Payment (its own external_reference).
      partialRefund: true,
    },
    // A Brazilian Mercado Pago account charges in reais only (docs/decisions.md).
    currencies: { card: ['BRL'], pix: ['BRL'] },
    interestBp,
    maxInstallments: 12,
    async chargeCard(input) {
      if (input.currency !== 'BRL') throw new GatewayRefusedError('Mercado Pago charges reais only');
      const additionalInfo = additionalInfoOf(input.fraudAnalysis);
      const config = configOf({
        idempotencyKey: input.externalRef,
        ...(input.deviceId ? { meliSessionId: input.deviceId } : {}),
      });
      const payment = created(
        await run(
          'card payment',
          () =>
            new Payment(config).create({
              body: {
                transaction_amount: input.amountCents / 100,
                token: input.token,
                installments: input.installments,
                ...(input.paymentMethodId ? { payment_method_id: input.paymentMethodId } : {}),
                ...(input.issuerId ? { issuer_id: Number(input.issuerId) } : {}),
                description: input.description,
                external_reference: input.externalRef,
                payer: payerOf(input.payerEmail, input.payerCpf),
                ...(additionalInfo ? { additional_info: additionalInfo } : {}),
              },
            }) as Promise<TMpPayment>,
        ),
      );
      return {
        ...view(payment),
        brand: payment.payment_method_id ?? input.paymentMethodId ?? '',
        last4: payment.card?.last_four_digits ?? '',
      };
    },
    async createPix(input) {
      if (input.currency !== 'BRL') throw new GatewayRefusedError('Pix moves reais only');
      const config = configOf({ idempotencyKey: input.externalRef });
      const payment = created(
        await run(
          'pix payment',
          () =>
            new Payment(config).create({
              body: {
                transaction_amount: input.amountCents / 100,
                payment_method_id: 'pix',
                description: input.description,
                external_reference: input.externalRef,
                date_of_expiration: input.expiresAt.toISOString(),
                payer: payerOf(input.payerEmail, input.payerCpf),
              },
            }) as Promise<TMpPayment>,
        ),
      );
      return { ...view(payment), payload: payment.point_of_interaction?.transaction_data?.qr_code ?? '' };
    },
    async getCharge(ref) {
      if (!REF.test(ref)) return null;
      return viewed(await getPayment(ref), view);
    },
    async findByExternalRef(externalRef) {
      // GET /v1/payments/search: the payments made with our external_reference, newest first.
      const found = await run(
        'search payments',
        () =>
          new Payment(configOf()).search({
            options: { external_reference: externalRef, sort: 'date_created', criteria: 'desc' },
          }) as Promise<{ results?: TMpPayment[] }>,
      );
      const payment = found.results?.find((p) => p.external_reference === externalRef);
      return payment ? view(payment) : null;
    },
    async cancel(ref) {
      try {
        return view(
          await run(
            'cancel payment',
            () => new Payment(configOf()).cancel({ id: ref }) as Promise<TMpPayment>,
          ),
        );
      } catch {
        // Not cancellable any more (paid meanwhile, say): report the charge as it stands.
        return viewed(await getPayment(ref), view);
      }
    },
    // ---- Ways to pay (issue 15): Checkout Pro through the SDK's Preference client ----
    hostedCheckout: {
      async create(input) {
        if (input.currency !== 'BRL') throw new GatewayRefusedError('Mercado Pago charges reais only');
        const [first, ...rest] = (input.payer.name ?? '').trim().split(/\s+/);
        // One preference per payment: a retry after a lost answer makes no second one.
        const config = configOf({ idempotencyKey: `preference-${input.externalRef}` });
        const made = await run(
          'create preference',
          () =>
            new Preference(config).create({
              body: {
                // One line with the order's total: what the page charges is exactly what we reserved
                // (service fees, discounts and protection included), never a sum rounded per item.
                items: [
                  {
                    id:
                      input.items
                        .map((item) => item.id)
                        .join(',')
                        .slice(0, 250) || 'order',
                    title: input.description,
                    quantity: 1,
                    currency_id: 'BRL',
                    unit_price: input.amountCents / 100,
                  },
                ],
                payer: {
                  email: input.payer.email,
                  ...(first ? { name: first, surname: rest.join(' ') } : {}),
                  ...(input.payer.cpf && isCpfDocument(input.payer.cpf)
                    ? { identification: { type: 'CPF', number: input.payer.cpf } }
                    : {}),
                },
                external_reference: input.externalRef,
                back_urls: input.backUrls,
                auto_return: 'approved',
                ...(input.notificationUrl ? { notification_url: input.notificationUrl } : {}),
                expires: true,
                expiration_date_to: input.expiresAt.toISOString(),
                // A Pix or boleto made on the page lapses with it.
                date_of_expiration: input.expiresAt.toISOString(),
              },
            }) as Promise<{ id?: string; init_point?: string }>,
        );
        if (!made.id || !made.init_point) throw new Error('mercadopago answered a preference without id');
        return { preferenceId: made.id, url: made.init_point };
      },
      async cancel(preferenceId) {
        // Mercado Pago deletes no preference: it expires now, and its page takes no more payments.
        await run('expire preference', () =>
          new Preference(configOf()).update({
            id: preferenceId,
            // The API takes a partial update; the SDK's type asks for every required field of a new one.
            updatePreferenceRequest: {
              expires: true,
              expiration_date_to: new Date().toISOString(),
            } as Parameters<Preference['update']>[0]['updatePreferenceRequest'],
          }),
        );
      },
    },
    walletScript: { path: '/mercadopago/wallet.js', source: WALLET },
    async refund(ref, amountCents) {
      const payment = await getPayment(ref);
      if (!payment) throw new GatewayRefusedError(`mercadopago has no payment ${ref}`);
      const totalCents = centsOf(payment.transaction_amount ?? 0);
      const before = refundedCentsOf(payment);
      const left = totalCents - before;
      // Already given back in full: a repeated refund changes nothing.
      if (payment.status === 'refunded' || left <= 0) return;
      const cents = amountCents === undefined ? left : Math.min(amountCents, left);
      if (cents <= 0) return;
      // Idempotent per (charge, amount already refunded): a retry after a lost answer repeats the
      // same key while nothing moved; once it moved, the next refund is a new one.
      const config = configOf({ idempotencyKey: `refund-${ref}-${before}-${cents}` });
      await run('refund', () =>
        new PaymentRefund(config).create({
          payment_id: ref,
          // No amount: a total refund (of what is left). Otherwise the part, in reais.
          body: before === 0 && cents === totalCents ? {} : { amount: cents / 100 },
        }),
      );
    },
  };
}
