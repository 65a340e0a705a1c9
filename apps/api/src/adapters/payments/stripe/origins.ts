/**
 * The origins Stripe.js (https://js.stripe.com/v3) and its Payment Element use, for the page CSP
 * while a Stripe event is being paid: Stripe's published Content Security Policy list
 * (https://docs.stripe.com/security/guide#content-security-policy): the script and its iframes on
 * js.stripe.com (and its subdomains), hooks.stripe.com for redirects and 3-D Secure frames, the
 * API the iframes call, and Stripe's images. Google Maps (address autocomplete) is left out: the
 * card form asks for no address.
 */
export const STRIPE_ORIGINS = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
} as const;
