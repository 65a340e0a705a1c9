import {
  encryptCardLikeSdk,
  PAGBANK_TEST_CARDS,
  startPagBankStandIn,
  type TPagBankStandIn,
} from '../../../testing/pagbank-stand-in.ts';
import { gatewayContract } from '../contract/gateway-contract.ts';
import { createPagBankGateway } from './adapter.ts';

const TOKEN = 'standin-pagbank-account-token-0123456789';
const TIMEOUT_MS = 1_000;

gatewayContract('pagbank', { usd: false, webhooks: true }, async () => {
  const pb: TPagBankStandIn = await startPagBankStandIn(TOKEN);
  const gateway = createPagBankGateway({
    token: TOKEN,
    publicKey: pb.publicKey,
    notificationUrl: 'https://bilheto.example/api/webhooks/pagbank',
    base: pb.url,
    timeoutMs: TIMEOUT_MS,
    interestBp: 299,
  });
  return {
    gateway,
    // What PagSeguro.encryptCard makes in the browser from a documented test card.
    cardToken: async (outcome) => ({ token: encryptCardLikeSdk(pb.publicKey, PAGBANK_TEST_CARDS[outcome]) }),
    async settle(ref, to) {
      pb.settle(ref, to);
    },
    // The order is made at once but its answer arrives after the client gave up.
    loseNextAnswer: () => pb.fail('late', 1, TIMEOUT_MS * 2),
    notice(ref, options) {
      const { body, headers } = pb.notice(ref, options);
      return {
        query: {},
        header: (name) => headers[name.toLowerCase()],
        rawBody: body,
        body: JSON.parse(body) as unknown,
      };
    },
    close: () => pb.close(),
  };
});
