/**
 * The origins PagBank's browser SDK uses, for the page CSP while PagBank sells an event. The SDK
 * (https://assets.pagseguro.com.br/checkout-sdk-js/rc/dist/browser/pagseguro.min.js) encrypts the
 * card inside the page with the account's public key and makes no call for it ("não requer chamadas
 * ao servidor"); it has no iframes. Only its script host is needed; 3-D Secure (not used here)
 * would add sdk.pagseguro.com.
 */
export const PAGBANK_ORIGINS = {
  script: ['https://assets.pagseguro.com.br'],
  frame: [],
  connect: [],
  img: [],
} as const;

export const PAGBANK_SDK_URL =
  'https://assets.pagseguro.com.br/checkout-sdk-js/rc/dist/browser/pagseguro.min.js';
