/**
 * Issue 18, a quick probe while working on personal pages: the server's CPU milliseconds per
 * request (utime + stime, steady even on a machine others load) for the cart page and My tickets
 * of a logged-in buyer with a ticket in the cart, 16 connections, PROBE_SECONDS (default 6) each,
 * PROBE_ROUNDS (default 2). bench/pages.ts is the full benchmark; this is its personal half, fast.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server.ts';
import { PRODUCTION_MALLOC_ENV, PRODUCTION_NODE_OPTIONS } from '../scripts/production-node.ts';
import { buyerWithCart } from './buyer-with-cart.ts';

const seconds = Number(process.env.PROBE_SECONDS ?? 6);
const rounds = Number(process.env.PROBE_ROUNDS ?? 2);
const ticks = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const server = await startServer({
  CAPTCHA_PROVIDER: 'off',
  CART_HOLD_SECONDS: '7200',
  NODE_OPTIONS: PRODUCTION_NODE_OPTIONS,
  ...PRODUCTION_MALLOC_ENV,
});
try {
  const { sid, hint, cart } = await buyerWithCart(server.url, 'festival-sons-do-cerrado');
  const headers = { 'accept-encoding': 'gzip', cookie: `${sid}; ${hint}; ${cart}` };
  for (const path of ['/carrinho', '/meus-ingressos']) {
    await autocannon({ url: `${server.url}${path}`, headers, connections: 16, duration: 2 });
    for (let round = 0; round < rounds; round += 1) {
      const before = ticks(server.pid);
      const result = await autocannon({
        url: `${server.url}${path}`,
        headers,
        connections: 16,
        duration: seconds,
      });
      if (result.non2xx) throw new Error(`${path}: ${result.non2xx} non-2xx`);
      const cpu = (ticks(server.pid) - before) / result.requests.total;
      console.log(`${path}: ${cpu.toFixed(1)} ms CPU/request, ${Math.round(result.requests.average)} req/s`);
    }
  }
} finally {
  await server.stop();
}
