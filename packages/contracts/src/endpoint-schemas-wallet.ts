import { z } from 'zod';
import type { TOperation } from './operation.ts';

const ZTicketParams = z.object({ ticketId: z.string() });

/** Issue 36 (docs/wallet.md): the holder's wallet passes, called by the web (ENDPOINT_SCHEMAS spreads these). */
export const WALLET_ENDPOINT_SCHEMAS = {
  walletApplePass: {
    summary: "The holder's ticket as a signed Apple Wallet pass (404 when Apple Wallet is not configured)",
    tag: 'Tickets',
    auth: 'session',
    params: ZTicketParams,
    produces: 'application/vnd.apple.pkpass',
    errors: [401, 404],
  },
  walletGoogleLink: {
    summary:
      "The holder's ticket as a signed Google Wallet save link (404 when Google Wallet is not configured)",
    tag: 'Tickets',
    auth: 'session',
    params: ZTicketParams,
    response: z.object({ jwt: z.string(), url: z.string() }),
    errors: [401, 404],
  },
} as const satisfies Record<string, TOperation>;
