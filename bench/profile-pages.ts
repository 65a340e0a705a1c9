/**
 * Issue 18: where a personal page's server time goes. Starts the product (production flags), loads
 * the given pages for a logged-in buyer with a ticket in the cart with autocannon, and profiles the
 * server through its inspector during that load only (not its start), then prints the profile's self
 * time grouped by package / our source folder, and the top functions. PROFILE_PAGES (default
 * `/carrinho,/meus-ingressos`), PROFILE_SECONDS (default 10), PROFILE_CONNECTIONS (default 16).
 * The .cpuprofile is written to the printed folder (open it in Chrome's DevTools).
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startServer } from '../e2e/support/server.ts';
import { PRODUCTION_MALLOC_ENV, PRODUCTION_NODE_OPTIONS } from '../scripts/production-node.ts';
import { buyerWithCart } from './buyer-with-cart.ts';

const SLUG = 'festival-sons-do-cerrado';
const pages = (process.env.PROFILE_PAGES ?? '/carrinho,/meus-ingressos').split(',');
const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 16);
const profileDir = mkdtempSync(path.join(tmpdir(), 'bilheto-profile-'));
const inspectPort = await freePort();

/** One DevTools protocol session with the server (opened by SIGUSR1 on its --inspect-port). */
async function inspector(pid: number) {
  process.kill(pid, 'SIGUSR1');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
  let id = 0;
  const call = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const mine = ++id;
      const onMessage = (message: MessageEvent) => {
        const answer = JSON.parse(String(message.data)) as { id?: number; result: T };
        if (answer.id !== mine) return;
        socket.removeEventListener('message', onMessage);
        resolve(answer.result);
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  return { call, close: () => socket.close() };
}

type TNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
let profile: { nodes: TNode[]; samples: number[]; timeDeltas: number[] } = {
  nodes: [],
  samples: [],
  timeDeltas: [],
};

const server = await startServer({
  LOG_LEVEL: 'warn',
  CAPTCHA_PROVIDER: 'off',
  CART_HOLD_SECONDS: '7200',
  NODE_OPTIONS: `${PRODUCTION_NODE_OPTIONS} --inspect-port=${inspectPort}`,
  ...PRODUCTION_MALLOC_ENV,
});
try {
  const { sid, cart } = await buyerWithCart(server.url, SLUG);
  const headers = { 'accept-encoding': 'gzip', 'accept-language': 'pt-BR', cookie: `${sid}; ${cart}` };
  const load = (duration: number) =>
    autocannon({
      url: server.url,
      connections,
      duration,
      requests: pages.map((p) => ({ method: 'GET', path: p, headers })),
    });
  await load(3); // warm-up: JIT, caches
  const session = await inspector(server.pid);
  await session.call('Profiler.enable');
  await session.call('Profiler.start');
  const result = await load(seconds);
  profile = (await session.call<{ profile: typeof profile }>('Profiler.stop')).profile;
  session.close();
  writeFileSync(path.join(profileDir, 'pages.cpuprofile'), JSON.stringify(profile));
  console.log(
    `${pages.join(' + ')}: ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx`,
  );
} finally {
  await server.stop();
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
for (const [i, id] of profile.samples.entries())
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const groupOf = (url: string, name: string) => {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  const ours = /\/(apps\/[^/]+\/(?:src|app|build)\/[^/]+)/.exec(url);
  return ours ? ours[1]! : url;
};
const groups = new Map<string, number>();
const functions = new Map<string, number>();
let total = 0;
let idle = 0;
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  if (functionName === '(idle)') {
    idle += us;
    continue;
  }
  total += us;
  const group = groupOf(url, functionName);
  groups.set(group, (groups.get(group) ?? 0) + us);
  const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
}
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => ({ name, '%': Number(((us / total) * 100).toFixed(1)) }));
console.log(
  `busy ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s; profile in ${profileDir}`,
);
console.table(top(groups, 25));
console.table(top(functions, 40));
