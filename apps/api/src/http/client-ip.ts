import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * The visitor's IP for rate limits. It comes from the socket that @hono/node-server passes in
 * the env bindings (in-process page calls forward those same bindings), never from a header a
 * client could write, unless TRUST_PROXY_HOPS says how many proxies in front append to
 * X-Forwarded-For.
 */
export function clientIp(c: Context, trustedHops: number): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const socketIp = incoming?.socket?.remoteAddress ?? 'unknown';
  if (trustedHops === 0 || !incoming) return socketIp;
  const header = incoming.headers['x-forwarded-for'];
  const chain = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // Each trusted proxy appended the address it saw; the one `hops` from the right is the client.
  return chain[chain.length - trustedHops] ?? socketIp;
}
