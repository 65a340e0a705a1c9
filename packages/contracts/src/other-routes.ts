import { z } from 'zod';
import { ZIbgeMunicipality, ZIbgeState, ZPostalAddress } from './account-responses.ts';
import {
  ZBiometryPendingReviewsAnswer,
  ZBiometryReviewAnswer,
  ZBiometryReviewRequest,
  ZBiometryUuidParams,
} from './biometry.ts';
import { CHARGE_REFUSED, ZPaymentAnswer } from './checkout.ts';
import { ZPaymentStatusAnswer, ZTicketPublicKey } from './checkout-responses.ts';
import { ZCommissionerPaymentRequest } from './commissioners.ts';
import { ZExchangeRateAnswer } from './exchange-rate.ts';
import type { THttpMethod, TOperation } from './operation.ts';
import { ZSiteFlagsAnswer, ZSiteFlagsPatch } from './site-flags.ts';
import { ZRecordedPixelEvent } from './tracking.ts';
import { ZRevokedQrAnswer } from './transfer-responses.ts';
import { WALLET_ROUTES } from './wallet-routes.ts';

/**
 * The mounted routes the web does not call (so not in ENDPOINTS): the spec's calls a mobile app or
 * a gate uses, e-mail links, static snapshot files, operations and local development. With
 * ENDPOINTS they are every route the API mounts; the OpenAPI test fails on one missing from both.
 * A route whose path an adapter declares (the payment gateway's card form and webhook) is added by
 * the API itself, since no code outside the adapter may name a gateway.
 */
export type TOtherRoute = TOperation & {
  method: THttpMethod;
  /** OpenAPI-style: `{name}` for a parameter. */
  path: string;
  /** Mounted only when this deployment has it. */
  when?: 'localMail' | 'localSms' | 'localTracking' | 'testGateway';
};

const ZHealth = z.object({ status: z.string(), database: z.string() });
const ZEventId = z.coerce.number().int().positive().max(2_147_483_647);

/** A commissioner's cart paid (both versions): the checkout's body plus commissionerId, its answers. */
const commissionerPayment = {
  tag: 'Commissioners',
  auth: 'session',
  body: ZCommissionerPaymentRequest,
  response: ZPaymentAnswer,
  alternatives: CHARGE_REFUSED,
  errors: [404, 409, 422],
} as const;

export const OTHER_ROUTES = {
  health: {
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: 200 while the database answers, else 503',
    tag: 'Operations',
    auth: 'public',
    response: ZHealth,
    alternatives: { 503: { description: 'The database does not answer', schema: ZHealth } },
  },
  openApi: {
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document (OpenAPI 3.1), with an ETag',
    tag: 'Operations',
    auth: 'public',
    produces: 'application/json',
  },
  apiReference: {
    method: 'GET',
    path: '/api/docs',
    summary: 'This document as a page a person reads',
    tag: 'Operations',
    auth: 'public',
    produces: 'text/html',
  },
  robots: {
    method: 'GET',
    path: '/robots.txt',
    summary: 'Crawling rules',
    tag: 'Pages',
    auth: 'public',
    produces: 'text/plain',
  },
  sitemap: {
    method: 'GET',
    path: '/sitemap.xml',
    summary: 'Every public page, for search engines',
    tag: 'Pages',
    auth: 'public',
    produces: 'application/xml',
  },
  snapshot: {
    method: 'GET',
    path: '/assets/api/{file}',
    summary: 'A static snapshot of a catalogue call (nextEvents.json, getEventTicketsBySlug/{slug}.json…)',
    tag: 'Catalogue',
    auth: 'public',
    params: z.object({ file: z.string() }),
    produces: 'application/json',
    errors: [404],
  },
  poster: {
    method: 'GET',
    path: '/api/posters/{file}',
    summary: "An event's poster (SVG)",
    tag: 'Catalogue',
    auth: 'public',
    params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,120}\.svg$/) }),
    produces: 'image/svg+xml',
    errors: [404],
  },
  confirmEmail: {
    method: 'GET',
    path: '/api/v2/confirm-email',
    summary: 'The e-mail verification link: verifies, then redirects to the home page',
    tag: 'Accounts',
    auth: 'public',
    query: z.object({ token: z.string() }),
    status: 303,
  },
  postalCode: {
    method: 'GET',
    path: '/api/addresses/postal-code/{cep}',
    summary: 'An address by postal code (CEP)',
    tag: 'Addresses',
    auth: 'public',
    params: z.object({ cep: z.string() }),
    response: ZPostalAddress,
    errors: [404, 503],
  },
  ibgeStates: {
    method: 'GET',
    path: '/api/v1/localidades/estados',
    summary: 'States in the IBGE service shape',
    tag: 'Addresses',
    auth: 'public',
    response: z.array(ZIbgeState),
  },
  ibgeMunicipalities: {
    method: 'GET',
    path: '/api/v1/localidades/estados/{uf}/municipios',
    summary: 'Municipalities of a state (UF or IBGE code) in the IBGE service shape',
    tag: 'Addresses',
    auth: 'public',
    params: z.object({ uf: z.string() }),
    response: z.array(ZIbgeMunicipality),
    errors: [404],
  },
  paymentStatus: {
    method: 'GET',
    path: '/api/newtickettransaction/{id}/payment-status',
    summary: "The spec's short payment status of an order (the buyer's own)",
    tag: 'Checkout',
    auth: 'session',
    params: z.object({ id: z.string() }),
    response: ZPaymentStatusAnswer,
    errors: [404],
  },
  ticketPublicKey: {
    method: 'GET',
    path: '/api/tickets/public-key',
    summary: 'The key that verifies ticket QR codes offline (gates)',
    tag: 'Tickets',
    auth: 'public',
    response: ZTicketPublicKey,
  },
  revokedTickets: {
    method: 'GET',
    path: '/api/tickets/revoked',
    summary: "An event's re-issued QR codes: the lowest version still valid (gates)",
    tag: 'Tickets',
    auth: 'public',
    query: z.object({ eventId: ZEventId }),
    response: ZRevokedQrAnswer,
  },
  devMailbox: {
    method: 'GET',
    path: '/_dev/mailbox',
    summary: 'The local outbox of e-mails, as a page',
    tag: 'Development',
    auth: 'public',
    produces: 'text/html',
    when: 'localMail',
  },
  devMailboxJson: {
    method: 'GET',
    path: '/_dev/mailbox.json',
    summary: 'The local outbox of e-mails',
    tag: 'Development',
    auth: 'public',
    response: z.array(
      z.object({
        id: z.string(),
        to: z.string(),
        subject: z.string(),
        html: z.string(),
        text: z.string(),
        createdAt: z.string(),
      }),
    ),
    when: 'localMail',
  },
  devMail: {
    method: 'GET',
    path: '/_dev/mailbox/{id}',
    summary: 'One e-mail of the local outbox, as sent',
    tag: 'Development',
    auth: 'public',
    params: z.object({ id: z.uuid() }),
    produces: 'text/html',
    errors: [404],
    when: 'localMail',
  },
  devSms: {
    method: 'GET',
    path: '/_dev/sms.json',
    summary: 'The local outbox of text messages',
    tag: 'Development',
    auth: 'public',
    response: z.array(z.object({ id: z.string(), to: z.string(), body: z.string(), createdAt: z.string() })),
    when: 'localSms',
  },
  devPixel: {
    method: 'GET',
    path: '/_dev/pixel',
    summary: 'The local tracking recorder: pixel events as they would be sent (hashed user data), as a page',
    tag: 'Development',
    auth: 'public',
    produces: 'text/html',
    when: 'localTracking',
  },
  devPixelJson: {
    method: 'GET',
    path: '/_dev/pixel.json',
    summary: 'The local tracking recorder: pixel events as they would be sent (hashed user data)',
    tag: 'Development',
    auth: 'public',
    response: z.array(ZRecordedPixelEvent),
    when: 'localTracking',
  },
  exchangeRate: {
    method: 'GET',
    path: '/api/exchange-rate',
    summary:
      "The US dollar's rate in reais the pages convert prices with, and its day (commerce §1's currency switch; charges stay in the event's currency)",
    tag: 'Pages',
    auth: 'public',
    response: ZExchangeRateAnswer,
  },
  adminSiteFlags: {
    method: 'PUT',
    path: '/api/admin/site-flags',
    summary: "Change the site's remote switches (X-Admin-Token: the ADMIN_TOKEN of the environment)",
    tag: 'Operations',
    auth: 'public',
    headers: z.object({ 'x-admin-token': z.string() }),
    body: ZSiteFlagsPatch,
    response: ZSiteFlagsAnswer,
    errors: [400, 403, 429],
  },
  // Issue 31 item 16: the person who decides a facial biometry under manual verification.
  adminBiometryReviews: {
    method: 'GET',
    path: '/api/admin/biometry/reviews',
    summary: 'Enrolments waiting for a person (MANUAL_VERIFICATION), most overdue first (X-Admin-Token)',
    tag: 'Operations',
    auth: 'public',
    headers: z.object({ 'x-admin-token': z.string() }),
    response: ZBiometryPendingReviewsAnswer,
    errors: [403, 429],
  },
  adminBiometryReviewDecision: {
    method: 'POST',
    path: '/api/admin/biometry/reviews/{uuid}',
    summary:
      'Decide a manual verification: approve (ACTIVE), reject (BLOCKED), duplicate (LINKED_TO_ANOTHER_ACCOUNT), document_mismatch (DOCUMENT_MISMATCH); e-mails the buyer (X-Admin-Token)',
    tag: 'Operations',
    auth: 'public',
    headers: z.object({ 'x-admin-token': z.string() }),
    params: ZBiometryUuidParams,
    body: ZBiometryReviewRequest,
    response: ZBiometryReviewAnswer,
    errors: [400, 403, 404, 409, 429],
  },
  // Ways to pay (issue 15): the test gateway's own hosted checkout page (the browser goes there).
  sandboxCheckoutPage: {
    method: 'GET',
    path: '/sandbox-gateway/checkout/{preferenceId}',
    summary: "The test gateway's hosted payment page for a preference",
    tag: 'Gateway',
    auth: 'public',
    params: z.object({ preferenceId: z.string() }),
    produces: 'text/html',
    errors: [404],
    when: 'testGateway',
  },
  // Issue 15, 3DS: the test gateway's issuer challenge page (what an issuer's ACS shows).
  sandboxChallenge: {
    method: 'GET',
    path: '/sandbox-gateway/3ds/{ref}',
    summary: "The test gateway's card challenge (3-D Secure): 'Aprovar' or 'Recusar'",
    tag: 'Gateway',
    auth: 'public',
    params: z.object({ ref: z.string() }),
    query: z.object({ return: z.string().optional() }),
    produces: 'text/html',
    errors: [404],
    when: 'testGateway',
  },
  sandboxCheckoutPay: {
    method: 'POST',
    path: '/sandbox-gateway/checkout/{preferenceId}',
    summary: "The buyer's choice on the test gateway's page (approve, decline, pix); 303 back to the store",
    tag: 'Gateway',
    auth: 'public',
    params: z.object({ preferenceId: z.string() }),
    body: z.object({ outcome: z.enum(['approve', 'decline', 'pix']) }),
    status: 303,
    errors: [400, 404],
    when: 'testGateway',
  },
  sandboxChallengeAnswer: {
    method: 'POST',
    path: '/sandbox-gateway/3ds/{ref}/{decision}',
    summary: "The test issuer's answer to a challenge; back to the payment page with its auth3dsId (303)",
    tag: 'Gateway',
    auth: 'public',
    params: z.object({ ref: z.string(), decision: z.enum(['approve', 'deny']) }),
    query: z.object({ return: z.string().optional() }),
    produces: 'text/html',
    errors: [404],
    when: 'testGateway',
  },
  commissionerPayment: {
    method: 'POST',
    path: '/api/CommissionersLandingPage/newfinishpayment',
    summary: "Pay for a commissioner's cart (the checkout's body plus commissionerId)",
    ...commissionerPayment,
  },
  commissionerPaymentV2: {
    method: 'POST',
    path: '/api/v2/CommissionersLandingPage/newfinishpayment',
    summary: 'The same, for carts that use ticket lots (useTicketLots)',
    ...commissionerPayment,
  },
  ...WALLET_ROUTES,
} as const satisfies Record<string, TOtherRoute>;
