import type { TPaymentStatus } from '@ingressos/domain/payment-status';
import { isPaymentStatus } from '@ingressos/domain/payment-status';
import type { TCharge, TPaymentGateway } from './gateway.ts';

type TMpPayment = {
  id: number;
  status: string;
  status_detail: string;
  payment_method_id?: string;
  card?: { last_four_digits?: string };
  point_of_interaction?: { transaction_data?: { qr_code?: string } };
};

/**
 * A thin client of Mercado Pago's payments API (v1/payments). Card tokens come from Mercado
 * Pago's own card form in the browser. Not exercised here (no internet); the sandbox is the default.
 */
export function createMercadoPagoGateway(
  accessToken: string,
  base = 'https://api.mercadopago.com',
): TPaymentGateway {
  const call = async (path: string, init: RequestInit & { idempotencyKey?: string } = {}) => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        ...(init.idempotencyKey ? { 'x-idempotency-key': init.idempotencyKey } : {}),
      },
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`mercadopago ${path} answered ${response.status}`);
    return (await response.json()) as TMpPayment;
  };
  const view = (p: TMpPayment): TCharge => ({
    ref: String(p.id),
    status: (isPaymentStatus(p.status) ? p.status : 'failed') as TPaymentStatus,
    statusDetail: p.status_detail,
  });
  return {
    kind: 'mercadopago',
    cardFormScript: '/mercadopago/card-form.js',
    async chargeCard(input) {
      const payment = await call('/v1/payments', {
        method: 'POST',
        idempotencyKey: input.externalRef,
        body: JSON.stringify({
          transaction_amount: input.amountCents / 100,
          token: input.token,
          installments: input.installments,
          description: input.description,
          external_reference: input.externalRef,
          payer: { email: input.payerEmail },
        }),
      });
      return {
        ...view(payment),
        brand: payment.payment_method_id ?? '',
        last4: payment.card?.last_four_digits ?? '',
      };
    },
    async createPix(input) {
      const payment = await call('/v1/payments', {
        method: 'POST',
        idempotencyKey: input.externalRef,
        body: JSON.stringify({
          transaction_amount: input.amountCents / 100,
          payment_method_id: 'pix',
          description: input.description,
          external_reference: input.externalRef,
          date_of_expiration: input.expiresAt.toISOString(),
          payer: { email: input.payerEmail },
        }),
      });
      return { ...view(payment), payload: payment.point_of_interaction?.transaction_data?.qr_code ?? '' };
    },
    async getCharge(ref) {
      return view(await call(`/v1/payments/${encodeURIComponent(ref)}`));
    },
    async cancel(ref) {
      try {
        return view(
          await call(`/v1/payments/${encodeURIComponent(ref)}`, {
            method: 'PUT',
            body: JSON.stringify({ status: 'cancelled' }),
          }),
        );
      } catch {
        // Not cancellable any more (paid meanwhile, say): report the charge as it stands.
        return view(await call(`/v1/payments/${encodeURIComponent(ref)}`));
      }
    },
    async refund(ref) {
      await call(`/v1/payments/${encodeURIComponent(ref)}/refunds`, {
        method: 'POST',
        idempotencyKey: `refund-${ref}`,
      });
    },
  };
}
