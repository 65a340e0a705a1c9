import { startPicPayStandIn, type TPicPayStandIn } from '../../../testing/picpay-stand-in.ts';
import { gatewayContract } from '../contract/gateway-contract.ts';
import { createPicPayGateway } from './adapter.ts';

const TOKEN = 'standin-picpay-token-0123456789';
const SELLER_TOKEN = 'standin-picpay-seller-token-0123456789';
const TIMEOUT_MS = 1_000;

gatewayContract(
  'picpay',
  { usd: false, webhooks: true, charges: false, partialRefund: false, datedNotices: false },
  async () => {
    const pp: TPicPayStandIn = await startPicPayStandIn(TOKEN, SELLER_TOKEN);
    const gateway = createPicPayGateway({
      token: TOKEN,
      sellerToken: SELLER_TOKEN,
      callbackUrl: 'https://bilheto.example/api/webhooks/picpay',
      base: pp.url,
      timeoutMs: TIMEOUT_MS,
    });
    return {
      gateway,
      // PicPay has no card form of ours: the buyer pays in the app.
      cardToken: async () => ({ token: 'picpay-has-no-card-token' }),
      async settle(ref, to) {
        pp.settle(ref, to);
      },
      async payHosted(preferenceId, outcome) {
        pp.pay(preferenceId, outcome === 'review' ? 'analysis' : 'paid');
      },
      // The payment request is made at once but its answer arrives after the client gave up.
      loseNextAnswer: () => pp.fail('late', TIMEOUT_MS * 2),
      notice(ref, options) {
        const { body, headers } = pp.notice(ref, options);
        return {
          query: {},
          header: (name) => headers[name.toLowerCase()],
          rawBody: body,
          body: JSON.parse(body) as unknown,
        };
      },
      close: () => pp.close(),
    };
  },
);
