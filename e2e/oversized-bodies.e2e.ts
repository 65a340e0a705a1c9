import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flood, rssMb, startBareServer } from './support/oversized-bodies.ts';
import { startServer, type TRunningServer } from './support/server.ts';

/** The stated bound (docs/decisions.md): a process grows at most this much while the flood arrives. */
const BOUND_MB = 150;
const FLOOD = { concurrency: 16, bytes: 20 * 1024 * 1024, waves: 2 };

/**
 * Issue 12 #1, on a real process: 16 strangers at once each stream 20 MB (twice over) to the API
 * and to the page form actions, half with a Content-Length and half chunked. The process's RSS,
 * sampled from /proc every 25 ms, stays within BOUND_MB of where it started, every upload is
 * refused (413, or the connection closed), and the process answers its health check throughout.
 * The negative control floods a bare server that reads bodies whole, with the same measurement:
 * it must break the bound, or this test could not fail. (Checked once the other way too: with the
 * 64 KB page limit in http/app.ts raised to 1 GB, the product's growth broke the bound.)
 */
describe('oversized bodies', () => {
  let server: TRunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(`keep the process within ${BOUND_MB} MB of its baseline, refused, and the process answering`, async () => {
    // Warm up first: the pages and the API have run once, so the baseline is a serving process.
    for (const path of ['/', '/login', '/api/v3/nextEvents'])
      await (await fetch(`${server.url}${path}`)).text();
    const health: number[] = [];
    let flooding = true;
    const prober = (async () => {
      while (flooding) {
        const response = await fetch(`${server.url}/healthz`).catch(() => null);
        health.push(response?.status ?? 0);
        await response?.text();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const result = await flood(server.url, server.pid, FLOOD);
    flooding = false;
    await prober;
    console.log(
      `product: baseline ${result.baselineMb.toFixed(0)} MB, peak ${result.peakMb.toFixed(0)} MB, ` +
        `growth ${result.growthMb.toFixed(0)} MB (bound ${BOUND_MB}), ${Math.round(result.ms)} ms, ${result.sentMb.toFixed(1)} MB written by the senders`,
    );
    expect(result.growthMb).toBeLessThan(BOUND_MB);
    // Nothing was accepted: a refusal (413; 403 for a page that refuses the form first) or a closed socket.
    expect(result.statuses.filter((status) => status !== 0 && (status < 400 || status >= 500))).toEqual([]);
    // Some refusals are read as 413s; how many depends on whether the sender reads the answer before
    // the server closes the socket, which a busy machine decides (5 of 32 in a loaded full run).
    expect(result.statuses.filter((status) => status === 413).length).toBeGreaterThan(0);
    expect(health.length).toBeGreaterThan(0);
    expect(health.filter((status) => status !== 200)).toEqual([]);
    expect(server.alive()).toBe(true);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // And the memory is given back, more or less: no leak per request either.
    expect(rssMb(server.pid) - result.baselineMb).toBeLessThan(BOUND_MB);
  });

  it('the same measurement catches a server that reads bodies whole (negative control)', async () => {
    const buffering = await startBareServer('buffer');
    try {
      const result = await flood(buffering.url, buffering.pid, FLOOD);
      console.log(
        `buffering control: baseline ${result.baselineMb.toFixed(0)} MB, peak ${result.peakMb.toFixed(0)} MB, ` +
          `growth ${result.growthMb.toFixed(0)} MB, ${result.sentMb.toFixed(1)} MB written by the senders`,
      );
      expect(result.growthMb).toBeGreaterThan(BOUND_MB);
    } finally {
      buffering.stop();
    }
  });
});
