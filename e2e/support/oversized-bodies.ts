import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { freePort } from './server.ts';

/**
 * Oversized request bodies against a real process, and its memory while they arrive: shared by
 * e2e/oversized-bodies.e2e.ts (the bound) and bench/oversized-bodies.ts (the numbers).
 */

/** The process's resident memory now, in MB, from /proc/<pid>/status (VmRSS). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for ${pid}`);
  return kb / 1024;
}

/** Samples a process's RSS every `everyMs` until stopped; answers the peak and the samples. */
export function sampleRss(pid: number, everyMs = 25) {
  const samples: number[] = [rssMb(pid)];
  const timer = setInterval(() => {
    try {
      samples.push(rssMb(pid));
    } catch {
      // the process is gone: the caller's liveness check says so
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      samples.push(rssMb(pid));
      return { peakMb: Math.max(...samples), samples: samples.length };
    },
  };
}

export type TUpload = {
  path: string;
  contentType: string;
  /** Without it the body is sent chunked (no Content-Length), as a stream of unknown size. */
  withLength: boolean;
};

const CHUNK = Buffer.alloc(64 * 1024, 'a');

/**
 * Streams `bytes` of body to `path` as an attacker would: it keeps writing whatever the server
 * answers, until it has sent everything or the server closes the socket. Resolves with the
 * status (0 when the server closed the connection without one) and how much it managed to write.
 */
export function upload(
  baseUrl: string,
  u: TUpload,
  bytes: number,
): Promise<{ status: number; sent: number }> {
  const url = new URL(u.path, baseUrl);
  return new Promise((resolve) => {
    let status = 0;
    let sent = 0;
    let settled = false;
    const done = () => {
      if (!settled) {
        settled = true;
        resolve({ status, sent });
      }
    };
    const req = request(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': u.contentType,
        origin: url.origin,
        ...(u.withLength ? { 'content-length': String(bytes) } : { 'transfer-encoding': 'chunked' }),
      },
    });
    let answered = false;
    let finished = false;
    req.on('response', (response) => {
      status = response.statusCode ?? 0;
      response.resume();
      response.on('end', () => {
        answered = true;
        if (finished) done();
      });
    });
    req.on('finish', () => {
      finished = true;
      if (answered) done();
    });
    req.on('error', done);
    req.on('close', done);
    const pump = () => {
      while (sent < bytes && !req.destroyed) {
        const size = Math.min(CHUNK.length, bytes - sent);
        sent += size;
        if (!req.write(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}

/** The calls a stranger can post to without logging in: API and page form actions. */
export const ATTACKED: Omit<TUpload, 'withLength'>[] = [
  { path: '/api/v4/addtocart', contentType: 'application/json' },
  { path: '/api/v2/websiteuserlogin', contentType: 'application/json' },
  { path: '/api/registerclient', contentType: 'application/json' },
  { path: '/checkout/v1', contentType: 'application/json' },
  { path: '/api/v2/getEventTicketsBySlug', contentType: 'application/json' },
  { path: '/login', contentType: 'application/x-www-form-urlencoded' },
  { path: '/cadastrar', contentType: 'application/json' },
  { path: '/dados-da-conta', contentType: 'application/json' },
  { path: '/minha-conta', contentType: 'application/x-www-form-urlencoded' },
  { path: '/home/confirmpasswordreset', contentType: 'application/json' },
  { path: '/sair', contentType: 'application/x-www-form-urlencoded' },
];

export type TFlood = {
  statuses: number[];
  /** What the senders managed to write in all, in MB, before each answer or closed socket. */
  sentMb: number;
  baselineMb: number;
  peakMb: number;
  growthMb: number;
  ms: number;
};

/**
 * `concurrency` uploads of `bytes` each at once, over ATTACKED with and without Content-Length,
 * `waves` times, while the process's RSS is sampled. The baseline is its RSS just before.
 */
export async function flood(
  baseUrl: string,
  pid: number,
  options: { concurrency: number; bytes: number; waves: number },
): Promise<TFlood> {
  const baselineMb = rssMb(pid);
  const sampler = sampleRss(pid);
  const started = performance.now();
  const statuses: number[] = [];
  let sent = 0;
  for (let wave = 0; wave < options.waves; wave += 1) {
    const uploads = Array.from({ length: options.concurrency }, (_, i) => {
      const target = ATTACKED[(i + wave * options.concurrency) % ATTACKED.length]!;
      return upload(baseUrl, { ...target, withLength: (i + wave) % 2 === 0 }, options.bytes);
    });
    for (const result of await Promise.all(uploads)) {
      statuses.push(result.status);
      sent += result.sent;
    }
  }
  const { peakMb } = sampler.stop();
  const ms = performance.now() - started;
  return { statuses, sentMb: sent / 1024 / 1024, baselineMb, peakMb, growthMb: peakMb - baselineMb, ms };
}

/**
 * Two bare Node servers to compare with. 'buffer' is the negative control: it reads every body
 * whole before answering 413 (what a form parser without a limit does), so the same flood must
 * show its memory climbing. 'limit' is the least any server could do: 413 at once past 64 KB by
 * Content-Length, else counted as it streams and cut at 64 KB.
 */
const BARE_SERVER = `
const { createServer } = require('node:http');
const [port, mode] = process.argv.slice(1);
const LIMIT = 65536;
createServer((req, res) => {
  const refuse = () => { res.writeHead(413, { 'content-type': 'text/plain', connection: 'close' }); res.end('too large'); };
  if (mode === 'limit' && Number(req.headers['content-length']) > LIMIT) return refuse();
  const chunks = [];
  let size = 0;
  req.on('data', (c) => {
    size += c.length;
    if (mode === 'limit') { if (size > LIMIT && !res.headersSent) { refuse(); req.destroy(); } }
    else chunks.push(c);
  });
  req.on('end', () => {
    if (res.headersSent) return;
    const body = Buffer.concat(chunks).toString('utf8');
    res.writeHead(size > LIMIT ? 413 : 200, { 'content-type': 'text/plain' });
    res.end(String(body.length));
  });
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
`;

export async function startBareServer(
  mode: 'buffer' | 'limit',
): Promise<{ url: string; pid: number; stop(): void }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['-e', BARE_SERVER, String(port), mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGKILL') };
}
