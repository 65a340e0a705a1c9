import { startYunoStandIn, yunoNotice } from '../../../testing/yuno-stand-in.ts';
import { gatewayContract } from '../contract/gateway-contract.ts';
import { createYunoGateway } from './adapter.ts';

const CREDENTIALS = {
  publicApiKey: 'sandbox_gAAAAABstandinpublicapikey',
  privateSecretKey: 'sandbox_gAAAAABstandinprivatesecretkey',
  accountId: '2c05976d-0000-4000-8000-6421883de48d',
};
const SECRET = 'standin-yuno-webhook-secret-0123456789';

/** Yuno's Test Payment Gateway cards (docs.y.uno); review: a card outside them, held by name. */
const CARDS = {
  approve: { number: '4507990000000002', holder_name: 'Maria da Silva' },
  decline: { number: '4507990000000028', holder_name: 'Maria da Silva' },
  review: { number: '4111111111111111', holder_name: 'PENDING' },
} as const;

gatewayContract('yuno', { usd: false, webhooks: true }, async () => {
  const stand = await startYunoStandIn(CREDENTIALS);
  const gateway = createYunoGateway({
    ...CREDENTIALS,
    webhookSecret: SECRET,
    base: stand.url,
    timeoutMs: 2_000,
    interestBp: 299,
  });
  return {
    gateway,
    // As the card form does: our server opens a checkout session, then Yuno's SDK posts the
    // secure fields' card to the session's token endpoint with the public key only.
    async cardToken(outcome) {
      const { session } = await gateway.browser.session!.start({
        amountCents: 12_500,
        currency: 'BRL',
        payerEmail: 'comprador@example.com',
        externalRef: 'cart-contract',
      });
      const card = CARDS[outcome];
      const response = await fetch(`${stand.url}/v1/checkout/sessions/${session}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'public-api-key': CREDENTIALS.publicApiKey },
        body: JSON.stringify({
          account_id: CREDENTIALS.accountId,
          payment_method: {
            type: 'CARD',
            card: { ...card, expiration_month: 11, expiration_year: 28, security_code: '123' },
          },
        }),
      });
      const made = (await response.json()) as { token: string };
      return { token: `${session}:${made.token}` };
    },
    async settle(ref, to) {
      stand.settle(ref, to);
    },
    loseNextAnswer: () => stand.fail('drop_after'),
    notice(ref, options) {
      const sent = yunoNotice(stand, SECRET, ref, {
        sign: options.signed,
        ...(options.ageSeconds === undefined ? {} : { ageSeconds: options.ageSeconds }),
      });
      return {
        query: {},
        header: (name) => sent.headers[name.toLowerCase()],
        rawBody: sent.rawBody,
        body: JSON.parse(sent.rawBody),
      };
    },
    close: () => stand.close(),
  };
});
