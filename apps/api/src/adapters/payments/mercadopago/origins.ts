/**
 * The origins Mercado Pago's browser SDK (https://sdk.mercadopago.com/js/v2) uses, for the page
 * CSP while PAYMENT_GATEWAY=mercadopago. Mercado Pago publishes no CSP list: these are the SDK's
 * own host, its static host, the secure fields' iframe hosts (secure-fields, with api-static as
 * its fallback), the card-token and payment-method API, and the fraud-prevention device
 * fingerprint (events, mercadolibre). Sandbox mode adds none of them.
 */
export const MERCADOPAGO_ORIGINS = {
  script: ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'],
  frame: [
    'https://secure-fields.mercadopago.com',
    'https://api-static.mercadopago.com',
    'https://www.mercadolibre.com',
  ],
  connect: [
    'https://api.mercadopago.com',
    'https://secure-fields.mercadopago.com',
    'https://api-static.mercadopago.com',
    'https://events.mercadopago.com',
    'https://api.mercadolibre.com',
    'https://www.mercadolibre.com',
    'https://http2.mlstatic.com',
  ],
  img: ['https://http2.mlstatic.com'],
} as const;
