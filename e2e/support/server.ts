import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newDataDir, RUN_DIR_ENV } from './data-dir.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mainEntry = path.join(repoRoot, 'apps/api/src/main.ts');

export type TRunningServer = {
  url: string;
  port: number;
  /** The server process's id (its memory is in /proc/<pid>/status). */
  pid: number;
  dataDir: string;
  /** Everything the process printed, for assertions on logs and for failure messages. */
  output(): string;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: the process dies at once, mid-request, as in a crash. */
  crash(): Promise<void>;
  /** Whether the process is still running. */
  alive(): boolean;
};

/** The servers this test file started that are still running. */
const running = new Set<ChildProcess>();
let fileOver = false;

/**
 * Ends every server of this test file still running, and any that finishes starting later (a
 * test that timed out while its server was starting left it running for the rest of the run).
 * Run after each file's own hooks (e2e/support/end-servers.ts); the worker's exit does the same.
 */
export function endServersOfThisFile() {
  fileOver = true;
  for (const child of running) child.kill('SIGKILL');
}

/** Before each file's own hooks: the worker goes on to another file (vitest.config.ts `isolate: false`). */
export function startOfFile() {
  fileOver = false;
}
process.once('exit', endServersOfThisFile);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server process (`apps/api/src/main.ts`, production mode) on a free port with
 * its own data directory (already migrated when the run has a template), and resolves once
 * /healthz answers. Needs the web build.
 */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<TRunningServer> {
  // On PostgreSQL the directory holds only the process's snapshot files; on PGlite, the database
  // too: a copy of the run's migrated template (e2e/support/data-dir.ts).
  const dir =
    dataDir ??
    (env.DATABASE_URL
      ? mkdtempSync(path.join(tmpdir(), 'bilheto-e2e-'))
      : newDataDir('e2e', { demo: env.DEMO_DATA !== 'false' && env.MAINTENANCE !== 'true' }));
  // A free port can be taken by another journey's server between the probe and the bind: then
  // this process exits with EADDRINUSE and another port is tried.
  for (let attempt = 1; ; attempt += 1) {
    const started = await startOn(await freePort(), env, dir, dataDir === undefined);
    if (started !== 'port taken') return started;
    if (attempt === 3) throw new Error('three free ports were each taken before the server bound them');
  }
}

async function startOn(
  port: number,
  env: Record<string, string>,
  dir: string,
  ownsDir: boolean,
): Promise<TRunningServer | 'port taken'> {
  // On PGlite, V8 runs its WebAssembly on the baseline compiler only: optimising its hot functions
  // cost ~2.5 s of CPU and ~500 MB of memory in each server's first seconds, more than a journey's
  // statements win back (docs/decisions.md, "The suite on a busy machine"). On PostgreSQL (the
  // benches' servers among them) the process runs as in production.
  const v8Flags = env.DATABASE_URL ? [] : ['--liftoff-only'];
  const child = spawn(process.execPath, [...v8Flags, mainEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Links in e-mails point at this very server.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Journeys buy many times from 127.0.0.1: the anonymous-hold throttle (issue 19) is off unless a journey turns it on.
      HOLD_THROTTLE: 'false',
      // Likewise the waiting room's join limits (issue 31), on only where a journey tests them.
      QUEUE_JOIN_THROTTLE: 'false',
      // The waiting room only where a journey asks for it (e2e/waiting-room*.e2e.ts).
      WAITING_ROOM: 'false',
      // V8's code for the server's modules, kept for the run: each later server compiles less
      // (about half a second of CPU of the five a start costs, on some hundred starts).
      ...(process.env[RUN_DIR_ENV]
        ? { NODE_COMPILE_CACHE: path.join(process.env[RUN_DIR_ENV], 'compile-cache') }
        : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  let ending = false;
  child.once('exit', (code) => {
    running.delete(child);
    // A server that exits on its own mid-file says why in the run's log (its journey then sees
    // refused connections). A signal came from the test or the file's end, and says nothing.
    if (!ending && !fileOver && code !== null && code !== 0 && !output.includes('EADDRINUSE'))
      process.stderr.write(`\n!! server on port ${port} exited (${code}):\n${output.slice(-2000)}\n`);
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(url, child, port, () => output);
  } catch (error) {
    if (output.includes('EADDRINUSE')) return 'port taken';
    throw error;
  }
  if (fileOver) {
    child.kill('SIGKILL');
    throw new Error('the test file ended while this server was starting');
  }
  return {
    url,
    port,
    pid: child.pid!,
    dataDir: dir,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: () => {
      ending = true;
      return stopProcess(child, ownsDir ? dir : undefined);
    },
    crash: () =>
      new Promise<void>((resolve) => {
        ending = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/**
 * Whether process `pid` holds the listening socket of 127.0.0.1:`port` (Linux's /proc): a
 * /healthz answer on the port can come from another journey's server that took it first.
 */
function listensOn(pid: number, port: number): boolean {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[1] === local && fields[3] === '0A')
    .map((fields) => `socket:[${fields[9]}]`);
  if (inodes.length === 0) return false;
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.includes(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

async function waitForHealthy(url: string, child: ChildProcess, port: number, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      await response.arrayBuffer();
      if (response.status === 200 && listensOn(child.pid!, port)) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy in 120 s:\n${output()}`);
}

function stopProcess(child: ChildProcess, removeDir?: string): Promise<number | null> {
  return new Promise((resolve) => {
    const done = () => {
      if (removeDir && existsSync(removeDir)) rmSync(removeDir, { recursive: true, force: true });
      resolve(child.exitCode);
    };
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', done);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}
