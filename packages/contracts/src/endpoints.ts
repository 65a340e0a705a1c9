/**
 * Every API call the web app makes, by name: its method and path (commerce §7, accounts §7).
 * The web builds every URL with `apiPath`, so no page or feature writes a path literal (the check
 * fails on one: scripts/check-web.ts), and `endpoints.int.test.ts` proves each entry is mounted.
 */
export const ENDPOINTS = {
  // Accounts
  authentication: { method: 'GET', path: '/api/v2/authentication' },
  /** Issue 18: what a shared page's frame shows of the logged-in visitor, asked after load. */
  visitor: { method: 'GET', path: '/api/visitor' },
  login: { method: 'POST', path: '/api/v2/websiteuserlogin' },
  logout: { method: 'POST', path: '/api/v2/logout' },
  register: { method: 'POST', path: '/api/registerclient' },
  validateEmail: { method: 'GET', path: '/api/utils/validateEmail' },
  updateMyAccount: { method: 'POST', path: '/api/website/updatemyaccount' },
  unsubscribe: { method: 'POST', path: '/api/newunsubscribe' },
  sendVerificationEmail: { method: 'POST', path: '/api/createUserNotification' },
  sendResetPasswordEmail: { method: 'POST', path: '/api/v2/webiste/sendResetPasswordEmail' },
  resetPassword: { method: 'POST', path: '/api/website/NewResetPassword' },
  sendSmsCode: { method: 'POST', path: '/api/v3/send-sms-code' },
  matchSmsCode: { method: 'POST', path: '/api/v2/match-code' },
  captchaConfig: { method: 'GET', path: '/api/captcha/config' },
  captchaLocal: { method: 'POST', path: '/api/captcha/local' },
  states: { method: 'GET', path: '/api/addresses/states' },
  cities: { method: 'GET', path: '/api/addresses/cities/:stateId' },
  // Data-subject rights (LGPD art. 18)
  exportMyData: { method: 'GET', path: '/api/privacy/my-data' },
  deleteMyAccount: { method: 'POST', path: '/api/privacy/delete-account' },
  changeEmail: { method: 'POST', path: '/api/privacy/change-email' },
  confirmEmailChange: { method: 'POST', path: '/api/privacy/confirm-email-change' },
  deleteMyBiometry: { method: 'DELETE', path: '/api/privacy/biometry' },
  /** Issue 17: a logged-in visitor's cookie choice, recorded with its date and policy version. */
  recordCookieConsent: { method: 'POST', path: '/api/privacy/cookie-consent' },
  // Site switches (accounts §7 remote configuration) and tracking (commerce §7)
  siteFlags: { method: 'GET', path: '/api/site/flags' },
  sendPixel: { method: 'POST', path: '/api/website/SendPixel' },
  // Facial biometry (accounts §4, §7)
  startBiometry: { method: 'POST', path: '/v1/biometry/startBiometry' },
  generateBiometryToken: { method: 'POST', path: '/v1/biometry/generateToken' },
  createBiometry: { method: 'POST', path: '/v1/biometry/create' },
  biometryUserStatus: { method: 'GET', path: '/v1/biometry/user/:userId' },
  biometryStatus: { method: 'GET', path: '/v1/biometry/status/:uuid' },
  // Catalogue and pages
  nextEvents: { method: 'GET', path: '/api/v3/nextEvents' },
  eventTicketsBySlug: { method: 'POST', path: '/api/v2/getEventTicketsBySlug' },
  eventGroup: { method: 'GET', path: '/api/eventgroup/:id' },
  searchEvents: { method: 'GET', path: '/api/events/search' },
  sellingPoints: { method: 'POST', path: '/api/v2/website/GetSellingPointsByEvent' },
  exclusiveAccess: { method: 'GET', path: '/api/socialevents/:eventId/exclusiveAccess' },
  validateExclusiveEmissor: { method: 'POST', path: '/api/socialevents/validateExclusiveEmissor' },
  staticPage: { method: 'GET', path: '/api/pages/:slug' },
  // Commissioner mode (commerce §6, §7 "Events")
  commissionerInfo: { method: 'POST', path: '/api/Commissioners/getcommissionerinfo' },
  commissionerLanding: { method: 'POST', path: '/api/v2/CommissionersLandingPage/getticketeventlist' },
  commissionerEventTickets: { method: 'POST', path: '/api/v3/getCommissionerEventTicketsBySlug' },
  commissionerEventGroup: { method: 'GET', path: '/api/eventgroup/:commissionerId/:group' },
  eventCommissioners: { method: 'GET', path: '/api/events/:eventId/commissioners' },
  commissionerSales: { method: 'GET', path: '/api/commissioners/sales' },
  commissionerSalesCsv: { method: 'GET', path: '/api/commissioners/sales.csv' },
  // Waiting room (issue 19)
  queueStatus: { method: 'GET', path: '/api/queue/:slug' },
  joinQueue: { method: 'POST', path: '/api/queue/:slug/join' },
  // Cart
  getCart: { method: 'POST', path: '/api/v3/getcart' },
  addToCart: { method: 'POST', path: '/api/v4/addtocart' },
  removeFromCart: { method: 'POST', path: '/api/v3/removefromcart' },
  activateCart: { method: 'POST', path: '/api/v4/activatecart' },
  leaveCart: { method: 'POST', path: '/api/v3/leaveCart' },
  refreshExpiration: { method: 'PUT', path: '/api/refresh-expiration/:cartId' },
  cartProtection: { method: 'POST', path: '/api/cart/protection' },
  validatePromotion: { method: 'POST', path: '/api/validatepromotion' },
  // Checkout
  checkTicketsPerCpf: { method: 'POST', path: '/api/CheckTicketsPerCPF' },
  /** Issue 16: which holders of a facial event must enrol, and the enrolment link sent to one. */
  biometryHolders: { method: 'POST', path: '/api/biometry/holders' },
  sendBiometryLink: { method: 'POST', path: '/api/biometry/holders/link' },
  pay: { method: 'POST', path: '/checkout/v1' },
  checkoutGateway: { method: 'GET', path: '/api/checkout/gateway' },
  installments: { method: 'GET', path: '/api/socialEvent/:eventId/getInstallments' },
  order: { method: 'GET', path: '/api/checkout/orders/:id' },
  /** Issue 15, 3DS: the challenge's result (auth3dsId) completes the order's card charge. */
  completeChallenge: { method: 'POST', path: '/api/checkout/orders/:id/3ds' },
  /** The order's event as an iCalendar file (add to calendar). */
  orderCalendar: { method: 'GET', path: '/api/checkout/orders/:id/calendar.ics' },
  ongoing: { method: 'GET', path: '/api/checkout/ongoing' },
  ongoingExists: { method: 'GET', path: '/api/checkout/ongoing/exists' },
  cancelOngoing: { method: 'POST', path: '/api/checkout/ongoing/cancel' },
  simulatePixPayment: { method: 'POST', path: '/sandbox-gateway/pix/:paymentId/pay' },
  // Ways to pay: hosted checkout ('checkout pro') and the wallet button (issue 15).
  checkoutProCreate: { method: 'POST', path: '/api/checkoutPro/create' },
  checkoutProCancel: { method: 'DELETE', path: '/api/checkoutPro/:preferenceId' },
  // Ways to pay: multi-payment (one order split across several cards).
  pendingMultipleTransaction: { method: 'GET', path: '/api/PendingMultipleTransaction' },
  reimburseMultiplePayments: {
    method: 'POST',
    path: '/api/reimburseService/reimburseMultiplePayments/:transactionUID',
  },
  /** The spec's gateway-shaped status of a payment (commerce §7), with its X-NoInterest headers. */
  gatewayPayment: { method: 'GET', path: '/api/v1/mercadopago/payments/:id' },
  // Ways to pay: the mobile app's pages and the spec's other payment paths (same engine as `pay`)
  createCheckoutSession: { method: 'POST', path: '/api/checkout/app-session' },
  checkoutSession: { method: 'GET', path: '/api/checkout/app-session' },
  payCheckoutSession: { method: 'POST', path: '/api/checkout/app-session/pay' },
  websiteCheckout: { method: 'POST', path: '/api/v1/website/checkout' },
  websiteFinishPayment: { method: 'POST', path: '/api/v1/website/newfinishpayment' },
  pixCreate: { method: 'POST', path: '/api/mercadopago/pix/v1/create' },
  paymentGatewayTransaction: { method: 'GET', path: '/api/v1/paymentGatewayTransaction/:paymentId' },
  myTickets: { method: 'GET', path: '/api/tickets/mine' },
  ticketsPdf: { method: 'GET', path: '/api/tickets/pdf' },
  // Transfers
  pendingTransferCount: { method: 'GET', path: '/api/transferTicket/pendingCount' },
  transferDestination: { method: 'GET', path: '/api/transferTicket/getUserEmailByCpf' },
  userTransfers: { method: 'GET', path: '/api/transferTicket/getUserTransfers' },
  sendTransferCode: { method: 'POST', path: '/api/transferTicket/createUserNotification' },
  validateTransferCode: { method: 'POST', path: '/api/validateTransferCode' },
  addTicketTransfer: { method: 'POST', path: '/api/transferTicket/addTicketTransfer' },
  confirmTransfer: { method: 'PUT', path: '/api/transferTicket/confirmTransfer' },
  returnTicketTransfer: { method: 'PUT', path: '/api/transferTicket/returnTicketTransfer' },
  cancelTicketTransfer: { method: 'PUT', path: '/api/transferTicket/cancelTicketTransfer' },
  canTransfer: { method: 'POST', path: '/v1/ticketTransfer/CanTransfer' },
  // Operator's console, support and biometry review (issue 33: apps/api/src/http/routes/staff-support.ts)
  staffOrderSearch: { method: 'GET', path: '/api/staff/orders' },
  staffOrder: { method: 'GET', path: '/api/staff/orders/:orderId' },
  staffResendTickets: { method: 'POST', path: '/api/staff/orders/:orderId/resend-tickets' },
  staffBuyerSearch: { method: 'GET', path: '/api/staff/buyers' },
  staffUnlockBuyer: { method: 'POST', path: '/api/staff/buyers/:userId/unlock' },
  staffBiometryReviews: { method: 'GET', path: '/api/staff/biometry/reviews' },
  staffBiometryFrame: { method: 'GET', path: '/api/staff/biometry/reviews/:uuid/frames/:n' },
  staffBiometryDecide: { method: 'POST', path: '/api/staff/biometry/reviews/:uuid' },
  // Console: staff login with TOTP, invitations, accounts, audit, switches, commissioners (routes/staff-accounts.ts)
  staffLogin: { method: 'POST', path: '/api/staff/login' },
  staffLoginTotp: { method: 'POST', path: '/api/staff/login/totp' },
  staffTotpEnrol: { method: 'POST', path: '/api/staff/totp/enrol' },
  staffTotpConfirm: { method: 'POST', path: '/api/staff/totp/confirm' },
  staffLogout: { method: 'POST', path: '/api/staff/logout' },
  staffMe: { method: 'GET', path: '/api/staff/me' },
  acceptStaffInvitation: { method: 'POST', path: '/api/staff/invitations/accept' },
  staffAccounts: { method: 'GET', path: '/api/staff/accounts' },
  createStaffAccount: { method: 'POST', path: '/api/staff/accounts' },
  updateStaffAccount: { method: 'PATCH', path: '/api/staff/accounts/:id' },
  unlockStaffAccount: { method: 'POST', path: '/api/staff/accounts/:id/unlock' },
  staffAudit: { method: 'GET', path: '/api/staff/audit' },
  staffAuditCsv: { method: 'GET', path: '/api/staff/audit.csv' },
  staffSiteFlags: { method: 'GET', path: '/api/staff/site-flags' },
  changeStaffSiteFlags: { method: 'PUT', path: '/api/staff/site-flags' },
  staffCommissioners: { method: 'GET', path: '/api/staff/commissioners' },
  createStaffCommissioner: { method: 'POST', path: '/api/staff/commissioners' },
  updateStaffCommissioner: { method: 'PATCH', path: '/api/staff/commissioners/:id' },
  // Console: money going back (issue 33: apps/api/src/http/routes/staff-refunds.ts)
  staffRefundOrder: { method: 'POST', path: '/api/staff/orders/:orderId/refunds' },
  staffOrderRefunds: { method: 'GET', path: '/api/staff/orders/:orderId/refunds' },
  staffProtectionClaim: { method: 'POST', path: '/api/staff/orders/:orderId/protection-claim' },
  staffCancelPendingOrder: { method: 'POST', path: '/api/staff/orders/:orderId/cancel' },
  staffRetryRefund: { method: 'POST', path: '/api/staff/refunds/:refundId/retry' },
  staffEvents: { method: 'GET', path: '/api/staff/events' },
  staffCancelEvent: { method: 'POST', path: '/api/staff/events/:eventId/cancellation' },
  staffPostponeEvent: { method: 'POST', path: '/api/staff/events/:eventId/postponement' },
  staffCancellation: { method: 'GET', path: '/api/staff/cancellations/:id' },
  staffRetryCancellation: { method: 'POST', path: '/api/staff/cancellations/:id/retry-failed' },
  // Producer's console (issue 34: apps/api/src/http/routes/staff-producer.ts)
  producerEvents: { method: 'GET', path: '/api/staff/producer/events' },
  createProducerEvent: { method: 'POST', path: '/api/staff/producer/events' },
  producerEventDocument: { method: 'GET', path: '/api/staff/producer/events/:eventId/document' },
  saveProducerEvent: { method: 'PUT', path: '/api/staff/producer/events/:eventId/document' },
  exportProducerEvent: { method: 'GET', path: '/api/staff/producer/events/:eventId/export.json' },
  producerEventStatus: { method: 'POST', path: '/api/staff/producer/events/:eventId/status' },
  uploadProducerPoster: { method: 'POST', path: '/api/staff/producer/posters' },
  staffPostalCode: { method: 'GET', path: '/api/staff/postal-codes/:cep' },
  producerCourtesies: { method: 'GET', path: '/api/staff/producer/events/:eventId/courtesies' },
  issueCourtesies: { method: 'POST', path: '/api/staff/producer/events/:eventId/courtesies' },
  producerDashboard: { method: 'GET', path: '/api/staff/producer/events/:eventId/dashboard' },
  producerOrdersCsv: { method: 'GET', path: '/api/staff/producer/events/:eventId/orders.csv' },
  producerAttendeesCsv: { method: 'GET', path: '/api/staff/producer/events/:eventId/attendees.csv' },
  gateCheckIn: { method: 'POST', path: '/api/staff/gate/check-ins' },
  // Wallet passes of the holder's ticket (issue 36: apps/api/src/http/routes/wallet.ts)
  walletApplePass: { method: 'GET', path: '/api/tickets/:ticketId/wallet/apple.pkpass' },
  walletGoogleLink: { method: 'GET', path: '/api/tickets/:ticketId/wallet/google' },
  // The gate (issue 35: apps/api/src/http/routes/staff-gate.ts)
  gateEvents: { method: 'GET', path: '/api/staff/gate/events' },
  gateList: { method: 'GET', path: '/api/staff/gate/events/:eventId/list' },
  gateSync: { method: 'POST', path: '/api/staff/gate/events/:eventId/sync' },
  gateUndoCheckIn: { method: 'POST', path: '/api/staff/gate/check-ins/:ticketId/undo' },
  gateDuplicates: { method: 'GET', path: '/api/staff/gate/duplicates' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string }>;

export type TEndpointName = keyof typeof ENDPOINTS;

type TParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | TParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type TPathParams<N extends TEndpointName> = Record<
  TParamsOf<(typeof ENDPOINTS)[N]['path']>,
  string | number
>;

/**
 * The URL of a call: its path with each `:param` filled (URL-encoded) and the query appended
 * (undefined values left out). Typed: a missing or unknown parameter does not compile.
 */
export function apiPath<N extends TEndpointName>(
  name: N,
  ...[params, query]: TParamsOf<(typeof ENDPOINTS)[N]['path']> extends never
    ? [params?: Record<string, never>, query?: Record<string, string | number | undefined>]
    : [params: TPathParams<N>, query?: Record<string, string | number | undefined>]
): string {
  const path = ENDPOINTS[name].path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[key])),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
