import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isCpfDocument } from '@ingressos/domain/cpf';
import type { TPaymentStatus } from '@ingressos/domain/payment-status';
import {
  GatewayRefusedError,
  type TCharge,
  type THostedCheckoutInput,
  type TPaymentGateway,
} from '../gateway.ts';
import { PICPAY } from './settings.ts';

const CARD_FORM = readFileSync(new URL('./card-form.js', import.meta.url), 'utf8');
/** Our references are our payment ids (uuids); PicPay takes any string as `referenceId`. */
const REF = /^[A-Za-z0-9-]{1,64}$/;

/** GET /payments/{referenceId}/status (PicPay E-commerce): the order's status, and what we sent in additionalInfo. */
type TPpStatus = {
  referenceId: string;
  authorizationId?: string | null;
  status: string;
  /** Reais, when the answer carries it. */
  value?: number;
  additionalInfo?: { key?: string; value?: string }[] | null;
  additional_info?: { key?: string; value?: string }[] | null;
};

/** PicPay's order statuses onto ours (docs/payments.md, PicPay). */
export function picPayStatus(status: string): TPaymentStatus {
  switch (status) {
    case 'created':
      return 'pending';
    case 'analysis':
      return 'in_process';
    case 'paid':
    case 'completed':
      return 'approved';
    case 'refunded':
      return 'refunded';
    case 'chargeback':
      return 'charged_back';
    case 'expired':
      return 'expired';
    default:
      return 'failed';
  }
}

/** The value we asked for, echoed back in additionalInfo (`amountCents`), or PicPay's `value` in reais. */
function amountOf(answer: TPpStatus): number | null {
  if (typeof answer.value === 'number') return Math.round(answer.value * 100);
  const info = answer.additionalInfo ?? answer.additional_info ?? [];
  const cents = info.find((entry) => entry?.key === 'amountCents')?.value;
  return cents && /^\d+$/.test(cents) ? Number(cents) : null;
}

const view = (answer: TPpStatus): TCharge => {
  const status = picPayStatus(answer.status);
  const amountCents = amountOf(answer);
  return {
    ref: answer.referenceId,
    status,
    statusDetail: [answer.status, answer.authorizationId].filter(Boolean).join(':'),
    externalRef: answer.referenceId,
    refundedCents: status === 'refunded' ? (amountCents ?? 0) : 0,
    amountCents,
    currency: 'BRL',
  };
};

/** PicPay's buyer: first and last name, CPF, e-mail and phone (the E-commerce API asks for them). */
function buyerOf(payer: THostedCheckoutInput['payer']) {
  const cpf = payer.cpf && isCpfDocument(payer.cpf) ? payer.cpf : undefined;
  if (!cpf) throw new GatewayRefusedError('PicPay needs the buyer’s CPF (buyer.document)');
  const [firstName = 'Comprador', ...rest] = (payer.name ?? payer.email.split('@')[0] ?? '')
    .trim()
    .split(/\s+/);
  return {
    firstName,
    lastName: rest.join(' ') || firstName,
    document: cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4'),
    email: payer.email,
  };
}

const equalText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * A thin client of PicPay's E-commerce API (https://appws.picpay.com/ecommerce/public): a payment
 * request is a page and a QR code the buyer pays in the PicPay app (balance or a card kept there),
 * so PicPay fits as a hosted checkout: POST /payments (our payment id as `referenceId`, the value in
 * reais), GET /payments/{referenceId}/status, POST /payments/{referenceId}/cancellations (cancels
 * an unpaid request, refunds a paid one, always in full). Header x-picpay-token; PicPay's callback
 * carries x-seller-token and only names the order, whose status we then ask. No card form, no Pix of
 * ours. This machine cannot reach PicPay: tests use testing/picpay-stand-in.ts through
 * PICPAY_API_BASE. docs/payments.md (PicPay).
 */
export function createPicPayGateway(options: {
  token: string;
  sellerToken: string;
  /** Where PicPay posts its callbacks: <PUBLIC_URL>/api/webhooks/picpay. */
  callbackUrl?: string | undefined;
  base?: string;
  timeoutMs?: number;
}): TPaymentGateway {
  const root = (options.base ?? 'https://appws.picpay.com/ecommerce/public').replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;

  const call = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${root}${path}`, {
      method: init.method ?? 'GET',
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      headers: {
        'x-picpay-token': options.token,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404) return null;
    const text = await response.text();
    // A referenceId already used: a payment request exists under our reference (the outcome of a
    // lost answer), so this is not a refusal.
    if (response.status === 409 || (response.status === 422 && /reference/i.test(text)))
      throw new Error(`picpay ${path} answered ${response.status}: a payment exists under this reference`);
    if (response.status >= 400 && response.status < 500)
      throw new GatewayRefusedError(`picpay ${path} answered ${response.status}`);
    if (!response.ok) throw new Error(`picpay ${path} answered ${response.status}`);
    return (text ? JSON.parse(text) : {}) as T;
  };
  const status = async (ref: string): Promise<TCharge | null> => {
    if (!REF.test(ref)) return null;
    const answer = await call<TPpStatus>(`/payments/${encodeURIComponent(ref)}/status`);
    return answer ? view({ ...answer, referenceId: answer.referenceId ?? ref }) : null;
  };
  const cancellation = (ref: string, authorizationId: string | null) =>
    call(`/payments/${encodeURIComponent(ref)}/cancellations`, {
      method: 'POST',
      body: authorizationId ? { authorizationId } : {},
    });
  const authorizationOf = (charge: TCharge) => charge.statusDetail.split(':')[1] ?? null;
  const noCard = () => new GatewayRefusedError('PicPay is paid in its app: no card or Pix charge of ours');

  return {
    kind: 'picpay',
    browser: {
      cardForm: { path: PICPAY.cardFormPath, source: CARD_FORM },
      publicKey: null,
      // The buyer leaves for PicPay's page: nothing of PicPay's loads in ours.
      csp: { script: [], frame: [], connect: [], img: [] },
      testMode: false,
    },
    webhook: {
      path: PICPAY.webhookPath,
      maxBytes: 4_096,
      verify(notice) {
        const token = notice.header('x-seller-token');
        if (!token || !equalText(token, options.sellerToken)) return { valid: false };
        const body = notice.body as { referenceId?: unknown } | null;
        const ref =
          typeof body?.referenceId === 'string' && REF.test(body.referenceId) ? body.referenceId : null;
        return { valid: true, ref };
      },
    },
    capabilities: {
      methods: [],
      threeDS: false,
      hostedCheckout: true,
      walletButton: false,
      multiCard: false,
      partialRefund: false,
    },
    // The hosted page's currency (`card`: what a payment page takes); PicPay moves reais only.
    currencies: { card: ['BRL'], pix: [] },
    interestBp: 0,
    maxInstallments: 1,
    async chargeCard() {
      throw noCard();
    },
    async createPix() {
      throw noCard();
    },
    getCharge: status,
    findByExternalRef: status,
    async refund(ref, amountCents) {
      const charge = await status(ref);
      if (!charge) throw new GatewayRefusedError('picpay: no payment under this reference');
      // A repeated full refund changes nothing.
      if (charge.status === 'refunded') return;
      if (charge.status !== 'approved') throw new GatewayRefusedError('picpay: nothing paid to refund');
      // PicPay gives a payment back in full only.
      if (amountCents !== undefined && charge.amountCents !== null && amountCents < charge.amountCents)
        throw new GatewayRefusedError('picpay: refunds are of the whole payment only');
      await cancellation(ref, authorizationOf(charge));
    },
    async cancel(ref) {
      const charge = await status(ref);
      if (charge?.status !== 'pending') return charge;
      await cancellation(ref, null);
      // Paid meanwhile, the cancellation gave it back: the caller sees it as it now stands.
      return (await status(ref)) ?? charge;
    },
    hostedCheckout: {
      async create(input) {
        if (input.currency !== 'BRL') throw new GatewayRefusedError('picpay takes reais only');
        const made = await call<{ referenceId: string; paymentUrl: string }>('/payments', {
          method: 'POST',
          body: {
            referenceId: input.externalRef,
            callbackUrl: input.notificationUrl ?? options.callbackUrl,
            returnUrl: input.backUrls.success,
            value: input.amountCents / 100,
            expiresAt: input.expiresAt.toISOString(),
            buyer: buyerOf(input.payer),
            additionalInfo: [
              { key: 'amountCents', value: String(input.amountCents) },
              { key: 'currency', value: 'BRL' },
            ],
          },
        });
        if (!made?.paymentUrl) throw new Error('picpay /payments answered no paymentUrl');
        return { preferenceId: made.referenceId ?? input.externalRef, url: made.paymentUrl };
      },
      async cancel(preferenceId) {
        // Only an unpaid request: a paid one stands (the caller asks for it and settles it).
        const charge = await status(preferenceId);
        if (charge?.status === 'pending') await cancellation(preferenceId, null);
      },
    },
  };
}
