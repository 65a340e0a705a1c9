import { mercadoPagoNotice, startMercadoPagoStandIn } from '../../../testing/mercadopago-stand-in.ts';
import { gatewayContract } from '../contract/gateway-contract.ts';
import { createMercadoPagoGateway } from './adapter.ts';

const ACCESS_TOKEN = 'TEST-0000000000000000-000000-contract-access-token';
const PUBLIC_KEY = 'TEST-contract-public-key';
const SECRET = 'contract-webhook-secret-0123456789';
/** Mercado Pago's Brazilian test Mastercard; the cardholder's name picks the outcome. */
const TEST_CARD = '5031433215406351';
const CARDHOLDER = { approve: 'APRO', decline: 'OTHE', review: 'CONT' } as const;

gatewayContract('mercadopago', { usd: false, webhooks: true }, async () => {
  const mp = await startMercadoPagoStandIn(ACCESS_TOKEN);
  const gateway = createMercadoPagoGateway({
    accessToken: ACCESS_TOKEN,
    publicKey: PUBLIC_KEY,
    webhookSecret: SECRET,
    base: mp.url,
    timeoutMs: 3_000,
    interestBp: 299,
  });
  return {
    gateway,
    // What the card form does with the secure fields (mercadopago-card-form.js): the BIN's payment
    // method and issuer from getPaymentMethods, then the card to Mercado Pago for a token.
    async cardToken(outcome) {
      const methods = await fetch(
        `${mp.url}/v1/payment_methods/search?bins=${TEST_CARD.slice(0, 8)}&public_key=${PUBLIC_KEY}`,
      );
      const [method] = ((await methods.json()) as { results: { id: string; issuer: { id: number } }[] })
        .results;
      const response = await fetch(`${mp.url}/v1/card_tokens?public_key=${PUBLIC_KEY}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          card_number: TEST_CARD,
          security_code: '123',
          expiration_month: 11,
          expiration_year: 2030,
          cardholder: { name: CARDHOLDER[outcome], identification: { type: 'CPF', number: '19119119100' } },
        }),
      });
      const token = (await response.json()) as { id: string };
      return { token: token.id, paymentMethodId: method!.id, issuerId: String(method!.issuer.id) };
    },
    async settle(ref, to) {
      if (to === 'approved') mp.settle(ref, 'approved', 'accredited');
      else mp.expire(ref);
    },
    // The charge is made, then the connection drops before its answer.
    loseNextAnswer: () => mp.fail('drop_after'),
    notice: (ref, options) => mercadoPagoNotice(SECRET, ref, options),
    close: () => mp.close(),
  };
});
