/**
 * Issue 35: how fast the gate app decides a scan, in Chromium with its CPU throttled 4× (CDP
 * Emulation.setCPUThrottlingRate: a mid-range phone). The app's own decideScan
 * (apps/console/src/gate/verify.ts, bundled as it is) over real signed codes, static and rotating,
 * against a baseline measured in the same page: the same number of bare WebCrypto Ed25519
 * verifies. Target: under 100 ms per scan. Writes bench/results/gate-verify.json.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TGateTicket } from '@ingressos/contracts/gate';
import {
  hotp,
  rotatingQrText,
  stepAt,
  ticketRotationSecret,
  toBase64Url,
} from '@ingressos/domain/rotating-code';
import { build } from 'esbuild';
import { launchBrowser } from '../e2e/support/browser.ts';
import { ticketKey } from '../e2e/support/gate.ts';
import { repoRoot } from '../scripts/build-web.ts';

const CODES = Number(process.env.GATE_BENCH_CODES ?? 200);
const THROTTLE = 4;
const TARGET_MS = 100;

const { signer } = ticketKey();
const eventId = 7;
const rotationKey = crypto.getRandomValues(new Uint8Array(32));
const tickets: TGateTicket[] = [];
const scans: string[] = [];
for (let i = 0; i < CODES; i += 1) {
  const id = randomUUID();
  const jws = await signer.sign({ tid: id, eid: eventId, lot: 1, u: 1, v: 1 });
  tickets.push({
    id,
    v: 1,
    section: 'Pista',
    ticket: 'Inteira',
    place: null,
    holderName: `Pessoa ${i}`,
    cpfMasked: '***.456.789-**',
    cpfHash: '',
    orderCode: 'ABCDEFGH',
    halfPrice: null,
    voided: false,
    checkedInAt: null,
    checkInGate: null,
  });
  if (i % 2 === 0) scans.push(jws);
  else {
    const step = stepAt(Date.now());
    const code = await hotp(await ticketRotationSecret(rotationKey, id, 1), step);
    scans.push(rotatingQrText(jws, step, code));
  }
}
const { jwk } = await signer.publicKey();

const bundle = await build({
  entryPoints: [path.join(repoRoot, 'apps/console/src/gate/verify.ts')],
  bundle: true,
  format: 'iife',
  globalName: 'gateVerify',
  write: false,
  platform: 'browser',
});
const script = bundle.outputFiles[0]!.text;

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  // A secure context (WebCrypto) with no server: the page is answered by the test itself.
  await page.route('http://localhost/bench', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>gate bench</title>' }),
  );
  await page.goto('http://localhost/bench');
  await page.addScriptTag({ content: script });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  const measured = await page.evaluate(
    async ({ jwk, rotationKey, tickets, scans, eventId }) => {
      const g = (globalThis as unknown as { gateVerify: typeof import('../apps/console/src/gate/verify.ts') })
        .gateVerify;
      const byId = new Map(tickets.map((t) => [t.id, t]));
      const key = await g.importGateKey(jwk);
      const context = {
        eventId,
        ticketCode: 'rotating_printable' as const,
        publicKey: key,
        rotationKey: Uint8Array.from(atob(rotationKey.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
          c.charCodeAt(0),
        ),
        // Today, in UTC: every scan is on the event's day (the bench times the 'ok' path).
        startsAt: new Date().toISOString(),
        timeZone: 'UTC',
        sections: null,
        ticket: async (id: string) => byId.get(id),
        nowMs: () => Date.now(),
      };
      const times: number[] = [];
      const results: Record<string, number> = {};
      const all0 = performance.now();
      for (const text of scans) {
        const t0 = performance.now();
        const verdict = await g.decideScan(text, context);
        times.push(performance.now() - t0);
        results[verdict.result] = (results[verdict.result] ?? 0) + 1;
      }
      const appMs = performance.now() - all0;
      // The baseline: the same number of bare Ed25519 verifies of the same passes.
      const enc = new TextEncoder();
      const b64 = (s: string) =>
        Uint8Array.from(
          atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4)),
          (c) => c.charCodeAt(0),
        );
      const passes = scans.map((s) => (s.startsWith('BLT2.') ? s.split('.').slice(1, 4).join('.') : s));
      const base0 = performance.now();
      for (const pass of passes) {
        const [h, p, sig] = pass.split('.') as [string, string, string];
        await crypto.subtle.verify({ name: 'Ed25519' }, key, b64(sig), enc.encode(`${h}.${p}`));
      }
      const baseMs = performance.now() - base0;
      times.sort((a, b) => a - b);
      return {
        appMs,
        baseMs,
        results,
        p50: times[Math.floor(times.length / 2)]!,
        p99: times[Math.floor(times.length * 0.99)]!,
        max: times.at(-1)!,
      };
    },
    { jwk: jwk as Record<string, unknown>, rotationKey: toBase64Url(rotationKey), tickets, scans, eventId },
  );
  const round = (n: number) => Math.round(n * 100) / 100;
  const result = {
    codes: CODES,
    cpuThrottling: THROTTLE,
    results: measured.results,
    appMsPerScan: round(measured.appMs / CODES),
    baselineMsPerVerify: round(measured.baseMs / CODES),
    ratio: round(measured.appMs / Math.max(0.001, measured.baseMs)),
    scansPerSecond: round((CODES * 1000) / measured.appMs),
    p50Ms: round(measured.p50),
    p99Ms: round(measured.p99),
    maxMs: round(measured.max),
    targetMs: TARGET_MS,
  };
  console.table([
    {
      ...result,
      results: JSON.stringify(result.results),
      verdict: result.p99Ms < TARGET_MS ? 'meets target' : 'MISSED target',
    },
  ]);
  const out = path.join(repoRoot, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'gate-verify.json'),
    JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2),
  );
} finally {
  await browser.close();
}
