import { readFileSync } from 'node:fs';
import type { TPaymentStatus } from '@ingressos/domain/payment-status';
import { isPaymentStatus } from '@ingressos/domain/payment-status';
import { GatewayRefusedError, type TCharge, type TPaymentGateway } from './gateway.ts';
import { MERCADOPAGO_ORIGINS } from './mercadopago-origins.ts';
import { verifyMercadoPagoSignature } from './mercadopago-webhook.ts';

const CARD_FORM = readFileSync(new URL('./mercadopago-card-form.js', import.meta.url), 'utf8');
const REF = /^\d{1,20}$/;

type TMpPayment = {
  id: number;
  status: string;
  status_detail: string;
  external_reference?: string | null;
  payment_method_id?: string;
  card?: { last_four_digits?: string };
  point_of_interaction?: { transaction_data?: { qr_code?: string } };
};

/** The payer as Mercado Pago's payments API takes it: e-mail and, for Brazilians, the CPF. */
const payerOf = (email: string, cpf: string | undefined) => ({
  email,
  ...(cpf && /^\d{11}$/.test(cpf) ? { identification: { type: 'CPF', number: cpf } } : {}),
});

/**
 * A thin client of Mercado Pago's payments API (v1/payments). Card tokens come from Mercado
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
  const base = options.base ?? 'https://api.mercadopago.com';
  const timeoutMs = options.timeoutMs ?? 15_000;
  const interestBp = options.interestBp ?? 299;
  const root = base.replace(/\/$/, '');
  const call = async (path: string, init: RequestInit & { idempotencyKey?: string } = {}) => {
    const response = await fetch(`${root}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        ...(init.idempotencyKey ? { 'x-idempotency-key': init.idempotencyKey } : {}),
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404) return null;
    // A 4xx is a refusal: nothing was done. A 5xx (or no answer) says nothing of the outcome.
    if (response.status >= 400 && response.status < 500)
      throw new GatewayRefusedError(`mercadopago ${path} answered ${response.status}`);
    if (!response.ok) throw new Error(`mercadopago ${path} answered ${response.status}`);
    return (await response.json()) as TMpPayment;
  };
  const must = (payment: TMpPayment | null) => {
    if (!payment) throw new Error('mercadopago answered 404');
    return payment;
  };
  const view = (p: TMpPayment): TCharge => ({
    ref: String(p.id),
    status: (isPaymentStatus(p.status) ? p.status : 'failed') as TPaymentStatus,
    statusDetail: p.status_detail,
    externalRef: p.external_reference ?? undefined,
  });
  return {
    kind: 'mercadopago',
    browser: {
      cardForm: { path: '/mercadopago/card-form.js', source: CARD_FORM },
      publicKey: options.publicKey,
      csp: MERCADOPAGO_ORIGINS,
      testMode: false,
    },
    webhook: {
      path: '/api/webhooks/mercadopago',
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
      hostedCheckout: false,
      walletButton: false,
      multiCard: false,
      partialRefund: true,
    },
    // A Brazilian Mercado Pago account charges in reais only (docs/decisions.md).
    currencies: { card: ['BRL'], pix: ['BRL'] },
    interestBp,
    maxInstallments: 12,
    async chargeCard(input) {
      if (input.currency !== 'BRL') throw new GatewayRefusedError('Mercado Pago charges reais only');
      const payment = must(
        await call('/v1/payments', {
          method: 'POST',
          idempotencyKey: input.externalRef,
          body: JSON.stringify({
            transaction_amount: input.amountCents / 100,
            token: input.token,
            installments: input.installments,
            ...(input.paymentMethodId ? { payment_method_id: input.paymentMethodId } : {}),
            ...(input.issuerId ? { issuer_id: Number(input.issuerId) } : {}),
            description: input.description,
            external_reference: input.externalRef,
            payer: payerOf(input.payerEmail, input.payerCpf),
          }),
        }),
      );
      return {
        ...view(payment),
        brand: payment.payment_method_id ?? input.paymentMethodId ?? '',
        last4: payment.card?.last_four_digits ?? '',
      };
    },
    async createPix(input) {
      if (input.currency !== 'BRL') throw new GatewayRefusedError('Pix moves reais only');
      const payment = must(
        await call('/v1/payments', {
          method: 'POST',
          idempotencyKey: input.externalRef,
          body: JSON.stringify({
            transaction_amount: input.amountCents / 100,
            payment_method_id: 'pix',
            description: input.description,
            external_reference: input.externalRef,
            date_of_expiration: input.expiresAt.toISOString(),
            payer: payerOf(input.payerEmail, input.payerCpf),
          }),
        }),
      );
      return { ...view(payment), payload: payment.point_of_interaction?.transaction_data?.qr_code ?? '' };
    },
    async getCharge(ref) {
      const payment = await call(`/v1/payments/${encodeURIComponent(ref)}`);
      return payment ? view(payment) : null;
    },
    async findByExternalRef(externalRef) {
      // GET /v1/payments/search: the payments made with our external_reference, newest first.
      const query = new URLSearchParams({
        external_reference: externalRef,
        sort: 'date_created',
        criteria: 'desc',
      });
      const found = (await call(`/v1/payments/search?${query}`)) as unknown as {
        results?: TMpPayment[];
      } | null;
      const payment = found?.results?.find((p) => p.external_reference === externalRef);
      return payment ? view(payment) : null;
    },
    async cancel(ref) {
      try {
        return view(
          must(
            await call(`/v1/payments/${encodeURIComponent(ref)}`, {
              method: 'PUT',
              body: JSON.stringify({ status: 'cancelled' }),
            }),
          ),
        );
      } catch {
        // Not cancellable any more (paid meanwhile, say): report the charge as it stands.
        const payment = await call(`/v1/payments/${encodeURIComponent(ref)}`);
        return payment ? view(payment) : null;
      }
    },
    async refund(ref, amountCents) {
      await call(`/v1/payments/${encodeURIComponent(ref)}/refunds`, {
        method: 'POST',
        idempotencyKey: `refund-${ref}-${amountCents ?? 'full'}`,
        body: JSON.stringify(amountCents === undefined ? {} : { amount: amountCents / 100 }),
      });
    },
  };
}
