import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from './server.ts';

/**
 * Debian's nginx in front of real server processes, as deploy/compose.yaml runs it: the same
 * deploy/nginx/bilheto.conf.template, its placeholders filled here, run unprivileged with a prefix
 * of its own in a temporary folder (`daemon off`, a free port), as a child of the test.
 */
export const NGINX_TEMPLATE = path.join(repoRoot, 'deploy/nginx/bilheto.conf.template');

export function nginxPath(): string | undefined {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'];
  return candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
}

/** One line of the access log (the template's `bilheto` format). */
export type TAccessEntry = {
  request_id: string;
  method: string;
  uri: string;
  status: string;
  /** Every process the request was passed to, in order ("" when the cache answered). */
  upstream: string;
  upstream_status: string;
  upstream_bytes_sent: string;
  cache: string;
};

export type TRunningNginx = {
  url: string;
  port: number;
  /** The access log so far. */
  entries(): TAccessEntry[];
  /** The process that served a request (its X-Request-Id), or undefined (a cache hit, an unknown id). */
  servedBy(requestId: string): string | undefined;
  errorLog(): string;
  stop(): Promise<void>;
};

/**
 * Starts nginx on `port` (a free one by default) in front of `upstreams` (host:port), with the
 * template's configuration; `edit` changes its text first (the negative controls). Resolves once a
 * request through it reaches a process.
 */
export async function startNginx(options: {
  upstreams: string[];
  port?: number;
  edit?: (config: string) => string;
}): Promise<TRunningNginx> {
  const binary = nginxPath();
  if (!binary)
    throw new Error(
      'nginx not found: the load-balanced suite needs it (apt-get install -y nginx, or set NGINX_PATH). ' +
        '.ci/run installs it.',
    );
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), 'bilheto-nginx-'));
  // Started by root (CI), nginx's workers drop to an unprivileged user, who must reach the cache.
  chmodSync(dir, 0o755);
  const accessLog = path.join(dir, 'access.log');
  const values: Record<string, string> = {
    BILHETO_UPSTREAMS: options.upstreams
      .map((address) => `server ${address} max_fails=1 fail_timeout=10s;`)
      .join(' '),
    BILHETO_LISTEN: `127.0.0.1:${port}`,
    BILHETO_RESOLVER: '127.0.0.1',
    BILHETO_CACHE_DIR: path.join(dir, 'cache'),
    BILHETO_ACCESS_LOG: accessLog,
  };
  let site = readFileSync(NGINX_TEMPLATE, 'utf8').replace(/\$\{(BILHETO_\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${NGINX_TEMPLATE}: no value for \${${name}}`);
    return value;
  });
  if (options.edit) {
    const edited = options.edit(site);
    if (edited === site) throw new Error('the edit of the nginx configuration changed nothing');
    site = edited;
  }
  writeFileSync(path.join(dir, 'bilheto.conf'), site);
  // What the nginx image's own nginx.conf provides around conf.d/*.conf, with every path in `dir`.
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  default_type application/octet-stream;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
      ),
      `  include ${dir}/bilheto.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(binary, ['-p', `${dir}/`, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () =>
    output + (existsSync(`${dir}/error.log`) ? readFileSync(`${dir}/error.log`, 'utf8') : '');
  await waitForProxy(url, child, errorLog);
  const entries = () =>
    existsSync(accessLog)
      ? readFileSync(accessLog, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as TAccessEntry)
      : [];
  return {
    url,
    port,
    entries,
    servedBy(requestId) {
      const entry = entries().find((e) => e.request_id === requestId);
      const last = entry?.upstream.split(', ').pop();
      return last && last !== '-' && last !== '' ? last : undefined;
    },
    errorLog,
    stop: () => stopNginx(child, dir),
  };
}

async function waitForProxy(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`nginx did not proxy /healthz in 20 s:\n${output()}`);
}

function stopNginx(child: ChildProcess, dir: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      rmSync(dir, { recursive: true, force: true });
      resolve();
    };
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', done);
    // SIGTERM: the master stops its workers and exits (SIGKILL would orphan them).
    child.kill('SIGTERM');
  });
}

const NON_IDEMPOTENT = new Set(['POST', 'PATCH', 'LOCK']);

/**
 * The checker of "a non-idempotent request reaches at most one process": every POST the log shows
 * with bytes sent to more than one process (an attempt with 0 bytes is a refused connection: the
 * process never saw it, and passing it on is what routing around a dead process means).
 */
export function resentRequests(entries: readonly TAccessEntry[]): string[] {
  const violations: string[] = [];
  for (const entry of entries) {
    if (!NON_IDEMPOTENT.has(entry.method)) continue;
    const upstreams = entry.upstream.split(', ');
    const sent = entry.upstream_bytes_sent.split(', ').map(Number);
    const reached = upstreams.filter((_, i) => (sent[i] ?? 0) > 0);
    if (reached.length > 1)
      violations.push(
        `${entry.method} ${entry.uri} (${entry.request_id}) was sent to ${reached.length} processes: ${reached.join(', ')}`,
      );
  }
  return violations;
}
