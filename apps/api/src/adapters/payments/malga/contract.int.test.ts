import { MALGA_TEST_CARDS, startMalgaStandIn, type TMalgaStandIn } from '../../../testing/malga-stand-in.ts';
import { gatewayContract } from '../contract/gateway-contract.ts';
import { createMalgaGateway } from './adapter.ts';

const TIMEOUT_MS = 1_000;

gatewayContract('malga', { usd: false, webhooks: true }, async () => {
  const standIn: TMalgaStandIn = await startMalgaStandIn();
  const gateway = createMalgaGateway({
    clientId: standIn.clientId,
    apiKey: standIn.apiKey,
    publicKey: standIn.publicKey,
    merchantId: standIn.merchantId,
    webhookPublicKey: standIn.webhookPublicKey,
    sandbox: true,
    base: standIn.url,
    timeoutMs: TIMEOUT_MS,
    interestBp: 299,
  });
  const post = async (path: string, body: unknown, method = 'POST') => {
    const response = await fetch(`${standIn.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-client-id': standIn.clientId,
        'x-api-key': standIn.apiKey,
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  };
  return {
    gateway,
    // What the card-number hosted field does in the browser: POST /v1/tokens with the client
    // token (public key), from one of the sandbox's test cards.
    async cardToken(outcome) {
      const card = outcome === 'decline' ? MALGA_TEST_CARDS.unauthorized : MALGA_TEST_CARDS.authorized;
      if (outcome === 'review') standIn.reviewNext();
      const response = await fetch(`${standIn.url}/v1/tokens`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-client-id': standIn.clientId,
          'x-api-key': standIn.publicKey,
        },
        body: JSON.stringify({
          cardNumber: card.number,
          cardCvv: card.cvv,
          cardExpirationDate: `03/${new Date().getFullYear() + 1}`,
          cardHolderName: 'MARIA DA SILVA',
        }),
      });
      const { tokenId } = (await response.json()) as { tokenId: string };
      return { token: tokenId };
    },
    async settle(ref, to) {
      const charge = standIn.charges.get(ref);
      if (!charge) throw new Error(`no charge ${ref}`);
      if (to === 'expired') return standIn.settle(ref, 'canceled');
      // The anti-fraud analysis approves a held card charge; the bank pays a Pix (the sandbox's
      // manual status change).
      if (charge.status === 'pre_authorized')
        await post(`/v1/charges/${ref}/antifraud`, { status: 'approved' }, 'PATCH');
      else await post(`/v1/charges/${ref}`, { status: 'authorized' });
    },
    loseNextAnswer: () => standIn.fail('late', 1, TIMEOUT_MS * 3),
    // A transaction event as Malga posts it: X-Plug-Date and X-Plug-Signature over the raw body.
    notice(ref, options) {
      const { headers, body } = standIn.notice(ref, options);
      return {
        query: {},
        header: (name) => headers[name.toLowerCase()],
        rawBody: body,
        body: JSON.parse(body),
      };
    },
    close: () => standIn.close(),
  };
});
