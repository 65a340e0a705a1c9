import { readFileSync } from 'node:fs';
import { cpfDigits, isCpfDocument } from '@ingressos/domain/cpf';
import type { TPaymentStatus } from '@ingressos/domain/payment-status';
import { reaisCardAndPix, viewed } from '../adapter-parts.ts';
import {
  GatewayRefusedError,
  type TCardChargeInput,
  type TCharge,
  type TFraudAnalysis,
  type TPaymentGateway,
} from '../gateway.ts';
import { malgaOrigins } from './origins.ts';
import { MALGA } from './settings.ts';
import { malgaWebhookKey, verifyMalgaSignature } from './webhook.ts';

const CARD_FORM = readFileSync(new URL('./card-form.js', import.meta.url), 'utf8');
/** Malga's ids are UUIDs; anything else in a notice is not a charge of ours. */
const REF = /^[0-9a-zA-Z-]{8,64}$/;

/** A charge as Malga's API answers it (docs.malga.io/api-reference/charges; the malga-node SDK's Charge). */
type TMalgaCharge = {
  id: string;
  status: string;
  orderId?: string | null;
  amount: number;
  originalAmount?: number;
  currency?: string;
  paymentMethod?: { paymentType?: string; qrCodeData?: string; expiresIn?: number };
  paymentSource?: { sourceType?: string; cardId?: string };
  transactionRequests?: {
    requestType?: string;
    requestStatus?: string;
    amount?: number;
    providerError?: { declinedCode?: string | null };
  }[];
};
type TMalgaCard = { brand?: string; last4digits?: string };
type TMalgaList = { items?: TMalgaCharge[] };

/**
 * Malga's statuses (the SDK's ChargeStatus) on ours. We charge with capture: true, so
 * 'authorized' is the captured, paid charge; 'pre_authorized' then means the capture still waits
 * (an anti-fraud review), as 'capture_pending' does. A card charge 'pending' is under way; a Pix
 * one waits for the bank. 'voided' is a full refund (a partial void leaves the charge authorized
 * with a smaller amount); 'refund_pending' still holds the money.
 */
function statusOf(charge: TMalgaCharge): TPaymentStatus {
  const pix = charge.paymentMethod?.paymentType === 'pix';
  switch (charge.status) {
    case 'authorized':
    case 'refund_pending':
      return 'approved';
    case 'pre_authorized':
    case 'capture_pending':
      return 'in_process';
    case 'pending':
    case 'created':
      return pix ? 'pending' : 'in_process';
    case 'failed':
      return 'rejected';
    case 'canceled':
      return 'cancelled';
    case 'voided':
      return 'refunded';
    case 'charged_back':
      return 'charged_back';
    default:
      return 'failed';
  }
}

/** What was given back: the successful void requests, else what the amount lost, else all of a voided charge. */
function refundedOf(charge: TMalgaCharge): number | undefined {
  const voids = (charge.transactionRequests ?? []).filter(
    (r) => r.requestType === 'void' && r.requestStatus === 'success',
  );
  const original = charge.originalAmount ?? charge.amount;
  if (voids.length > 0)
    return Math.min(
      original,
      voids.reduce((sum, r) => sum + (r.amount ?? 0), 0),
    );
  if (charge.status === 'voided') return original;
  if (original > charge.amount) return original - charge.amount;
  return undefined;
}

const view = (charge: TMalgaCharge): TCharge => {
  const declined = charge.transactionRequests?.findLast((r) => r.providerError?.declinedCode)?.providerError;
  return {
    ref: charge.id,
    status: statusOf(charge),
    statusDetail: declined?.declinedCode ?? charge.status,
    // Malga's amounts are integers in cents; a partial void lowers `amount`, not what was charged.
    amountCents: typeof charge.amount === 'number' ? (charge.originalAmount ?? charge.amount) : null,
    currency: charge.currency ? charge.currency.toUpperCase() : null,
    externalRef: charge.orderId ?? undefined,
    refundedCents: refundedOf(charge),
  };
};

/**
 * commerce §5: a Malga card charge needs the fraud analysis' customer (with an identity: the
 * CPF) and cart; without them it is refused here, before Malga is called.
 */
function fraudAnalysisOf(input: TCardChargeInput) {
  const fraud: TFraudAnalysis | undefined = input.fraudAnalysis;
  const identity = cpfDigits(fraud?.customer.cpf ?? input.payerCpf ?? '');
  if (!fraud?.customer.name || fraud.cart.items.length === 0 || !isCpfDocument(identity))
    throw new GatewayRefusedError('fraud_analysis_required');
  const phone = fraud.customer.phone;
  return {
    customer: {
      name: fraud.customer.name,
      email: fraud.customer.email,
      identityType: 'CPF',
      identity,
      ...(phone ? { phone } : {}),
    },
    cart: {
      items: fraud.cart.items.map((item) => ({
        name: item.name,
        quantity: item.quantity,
        sku: item.sku,
        unitPrice: item.unitCents,
      })),
    },
  };
}

export type TMalgaOptions = {
  /** X-Client-Id (Dashboard > API keys). */
  clientId: string;
  /** X-Api-Key: the secret key, server side only. */
  apiKey: string;
  /** A client token (POST /v1/auth, scope tokens): the browser's key for Malga's hosted fields. */
  publicKey: string;
  /** The merchant (its providers and smart flow) that charges. */
  merchantId: string;
  /** The Ed25519 public key (PEM) Malga answered when the webhook was created. */
  webhookPublicKey: string;
  /** Malga's sandbox: the hosted fields' sandbox origin and its API host by default. */
  sandbox?: boolean;
  base?: string;
  statementDescriptor?: string;
  timeoutMs?: number;
  interestBp?: number;
};

/**
 * A thin client of Malga's REST API (docs.malga.io, api-reference), a multi-acquirer orchestrator:
 * one charge is routed by Malga to the merchant's acquirers. Card tokens come from Malga's hosted
 * fields in the browser (malga-card-form.js); card data never reaches us. This machine cannot
 * reach Malga: tests run it against a local stand-in of the documented API
 * (testing/malga-stand-in.ts) through MALGA_API_BASE.
 */
export function createMalgaGateway(options: TMalgaOptions): TPaymentGateway {
  const sandbox = options.sandbox ?? false;
  const root = (options.base ?? (sandbox ? 'https://sandbox-api.malga.io' : 'https://api.malga.io')).replace(
    /\/$/,
    '',
  );
  const timeoutMs = options.timeoutMs ?? 15_000;
  const statementDescriptor = (options.statementDescriptor ?? 'Bilheto').slice(0, 22);
  const webhookKey = malgaWebhookKey(options.webhookPublicKey);
  const call = async <T>(
    path: string,
    init: { method?: string; body?: unknown; idempotencyKey?: string } = {},
  ): Promise<T | null> => {
    const response = await fetch(`${root}/v1${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'x-client-id': options.clientId,
        'x-api-key': options.apiKey,
        'content-type': 'application/json',
        ...(init.idempotencyKey ? { 'x-idempotency-key': init.idempotencyKey } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404) return null;
    // 409: the same idempotency key is still being processed; the outcome is not known yet.
    if (response.status === 409) throw new Error(`malga ${path} answered 409`);
    // Any other 4xx is a refusal: nothing was done. A 5xx (or no answer) says nothing of the outcome.
    if (response.status >= 400 && response.status < 500)
      throw new GatewayRefusedError(`malga ${path} answered ${response.status}`);
    if (!response.ok) throw new Error(`malga ${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const must = <T>(value: T | null, path: string) => {
    if (!value) throw new Error(`malga ${path} answered 404`);
    return value;
  };
  const getCharge = async (ref: string) => call<TMalgaCharge>(`/charges/${encodeURIComponent(ref)}`);
  // A charge in reais under our reference (also its idempotency key), captured at once.
  const postCharge = async (
    input: { externalRef: string; amountCents: number; description: string },
    payment: Record<string, unknown>,
  ) =>
    must(
      await call<TMalgaCharge>('/charges', {
        method: 'POST',
        idempotencyKey: input.externalRef,
        body: {
          merchantId: options.merchantId,
          amount: input.amountCents,
          currency: 'BRL',
          orderId: input.externalRef,
          statementDescriptor,
          description: input.description,
          capture: true,
          ...payment,
        },
      }),
      '/charges',
    );
  return {
    kind: 'malga',
    browser: {
      cardForm: {
        path: MALGA.cardFormPath,
        // The form needs the client id and which hosted fields to frame: neither is a secret.
        source: CARD_FORM.replace(
          '/*MALGA_CONFIG*/ null',
          JSON.stringify({ clientId: options.clientId, sandbox }),
        ),
      },
      publicKey: options.publicKey,
      csp: malgaOrigins(sandbox),
      // The page's test-card hint names the local sandbox's cards, not Malga's (docs/payments.md).
      testMode: false,
    },
    webhook: {
      path: MALGA.webhookPath,
      // A transaction event carries the whole charge (its transaction requests, its fraud data).
      maxBytes: 64 * 1024,
      // Ed25519 over `<X-Plug-Date>\n<raw body>` with the webhook's public key (malga-webhook.ts).
      verify(notice) {
        const valid = verifyMalgaSignature({
          publicKey: webhookKey,
          rawBody: notice.rawBody,
          date: notice.header('x-plug-date'),
          signature: notice.header('x-plug-signature'),
        });
        if (!valid) return { valid: false };
        const body = notice.body as { object?: unknown; data?: { id?: unknown } } | null;
        const id = body?.data?.id;
        return {
          valid: true,
          ref: body?.object === 'transaction' && typeof id === 'string' && REF.test(id) ? id : null,
        };
      },
    },
    // A Brazilian merchant charges reais (docs/decisions.md "Gateway: malga").
    ...reaisCardAndPix(options.interestBp),
    async chargeCard(input) {
      if (input.currency !== 'BRL') throw new GatewayRefusedError('Malga charges reais only here');
      const fraudAnalysis = fraudAnalysisOf(input);
      const charge = await postCharge(input, {
        paymentMethod: { paymentType: 'credit', installments: input.installments },
        paymentSource: { sourceType: 'token', tokenId: input.token },
        fraudAnalysis,
      });
      // The charge names the card Malga made of the token; the card tells its brand and last digits.
      const cardId = charge.paymentSource?.cardId;
      const card = cardId
        ? await call<TMalgaCard>(`/cards/${encodeURIComponent(cardId)}`).catch(() => null)
        : null;
      return {
        ...view(charge),
        brand: (card?.brand ?? input.paymentMethodId ?? '').toLowerCase(),
        last4: card?.last4digits ?? '',
      };
    },
    async createPix(input) {
      if (input.currency !== 'BRL') throw new GatewayRefusedError('Pix moves reais only');
      const charge = await postCharge(input, {
        paymentMethod: {
          paymentType: 'pix',
          expiresIn: Math.max(60, Math.round((input.expiresAt.getTime() - Date.now()) / 1000)),
        },
      });
      return { ...view(charge), payload: charge.paymentMethod?.qrCodeData ?? '' };
    },
    async getCharge(ref) {
      return viewed(await getCharge(ref), view);
    },
    async findByExternalRef(externalRef) {
      // GET /v1/charges?orderId=: the charges made with our reference, newest first.
      const query = new URLSearchParams({ orderId: externalRef, sort: 'DESC', page: '1', limit: '10' });
      const found = await call<TMalgaList>(`/charges?${query}`);
      const charge = found?.items?.find((c) => c.orderId === externalRef);
      return charge ? view(charge) : null;
    },
    async cancel(ref) {
      const charge = await getCharge(ref);
      if (!charge) return null;
      // Only an unpaid charge is cancelled: a Pix the bank paid meanwhile is answered as it stands.
      if (charge.status !== 'pending' && charge.status !== 'created') return view(charge);
      try {
        await call(`/charges/${encodeURIComponent(ref)}/void`, {
          method: 'POST',
          idempotencyKey: `cancel-${ref}`,
          body: { amount: charge.amount },
        });
      } catch (error) {
        if (!(error instanceof GatewayRefusedError)) throw error;
      }
      return viewed(await getCharge(ref), view);
    },
    async refund(ref, amountCents) {
      const charge = must(await getCharge(ref), `/charges/${ref}`);
      // Idempotent per (charge, amount already refunded): nothing beyond what is left goes back.
      const left = charge.status === 'voided' ? 0 : charge.amount;
      const amount = Math.min(amountCents ?? left, left);
      if (amount <= 0) return;
      await call(`/charges/${encodeURIComponent(ref)}/void`, {
        method: 'POST',
        idempotencyKey: `refund-${ref}-${refundedOf(charge) ?? 0}-${amount}`,
        body: { amount },
      });
    },
  };
}
