/**
 * Facial biometry (run by `npm run bench`): the local face engine on this machine.
 * - Speed: captures checked per second (5 frames of 640x480, one at a time as the engine runs
 *   them), as a ratio to decoding the same JPEGs alone (jpeg-js) in the same run.
 * - Memory: the process's RSS once the model is loaded and has run, as a ratio to its RSS before
 *   loading it (fixtures made), and the peak while 4 captures wait for the engine at once.
 * - Accuracy: false-match and false-non-match rates on the sample faces (bench/biometry-accuracy.ts,
 *   written up in docs/face-matching.md); BENCH_ACCURACY=0 skips it (it takes a minute or two).
 * Targets (docs/decisions.md): checks/s >= 0.05 of decodes/s; the model's RSS <= 6x the baseline
 * process; no false match at the match threshold. BENCH_SECONDS (default 20) per speed measure.
 * Results go to bench/results/.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { createLocalFaceEngine } from '../apps/api/src/adapters/biometry/local-face-engine.ts';
import { moveCloserFrames, SAMPLE_FACES } from '../apps/api/src/testing/faces.ts';
import { repoRoot } from '../scripts/build-web.ts';
import { measureAccuracy, quantiles } from './biometry-accuracy.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const withAccuracy = process.env.BENCH_ACCURACY !== '0';
const TARGETS = { speedRatio: 0.05, memoryRatio: 6 } as const;

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

/** Runs `task` over and over for `seconds`: how many per second. */
async function rate(task: (i: number) => Promise<unknown> | unknown, duration = seconds) {
  const started = performance.now();
  let done = 0;
  while (performance.now() - started < duration * 1000) {
    await task(done);
    done += 1;
  }
  return done / ((performance.now() - started) / 1000);
}

// Captures of different people, made by a child process: drawing them leaves garbage here that
// would count in the baseline RSS. They are read back as the API would receive them.
const capturesDir = path.join(os.tmpdir(), 'bilheto-bench-captures');
if (process.argv[2] === '--make-captures') {
  mkdirSync(capturesDir, { recursive: true });
  SAMPLE_FACES.slice(0, 6).forEach((face, i) => {
    moveCloserFrames(face.id, { frames: 5, seed: i + 1 }).forEach((frame, j) => {
      writeFileSync(path.join(capturesDir, `${i}-${j}.jpg`), frame);
    });
  });
  process.exit(0);
}
const made = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--make-captures'], {
  stdio: 'inherit',
});
if (made.status !== 0) throw new Error('could not make the captures');
const captures = Array.from({ length: 6 }, (_, i) =>
  Array.from({ length: 5 }, (_, j) => new Uint8Array(readFileSync(path.join(capturesDir, `${i}-${j}.jpg`)))),
);
const decodeAll = (frames: Uint8Array[]) => {
  for (const frame of frames) jpeg.decode(frame, { useTArray: true, formatAsRGBA: false });
};

// The process before the model: Node, the fixtures and this script (measured first: the decoding
// baseline below leaves garbage that would inflate it).
const baselineMb = rssMb();

const engine = createLocalFaceEngine();
const loadStarted = performance.now();
await engine.ready();
const loadMs = performance.now() - loadStarted;
const loadedMb = rssMb();

const check = (i: number) =>
  engine.check({ frames: captures[i % captures.length]!, challenge: 'move_closer' });
const first = await check(0);
if (first.kind !== 'ok') throw new Error(`the benchmark's capture was refused: ${first.kind}`);
// Speed: the baseline and the engine in alternating halves, so that other load on the machine hits both alike.
let decodesPerSecond = 0;
let checksPerSecond = 0;
for (let half = 0; half < 2; half += 1) {
  decodesPerSecond += (await rate((i) => decodeAll(captures[i % captures.length]!), seconds / 2)) / 2;
  checksPerSecond += (await rate(check, seconds / 2)) / 2;
}
const heldMb = rssMb();

// Four captures at once: the engine runs them one by one, so memory should stay where it is.
let peakMb = heldMb;
const sampler = setInterval(() => {
  peakMb = Math.max(peakMb, rssMb());
}, 25);
const concurrentStarted = performance.now();
await Promise.all([0, 1, 2, 3].map(check));
const concurrentSeconds = (performance.now() - concurrentStarted) / 1000;
clearInterval(sampler);

const speedRatio = checksPerSecond / decodesPerSecond;
const memoryRatio = heldMb / baselineMb;
const rows = [
  {
    measure: 'captures decoded/s (baseline)',
    value: Number(decodesPerSecond.toFixed(2)),
    ratio: 1,
    target: '',
    met: '',
  },
  {
    measure: 'captures checked/s (5 frames)',
    value: Number(checksPerSecond.toFixed(3)),
    ratio: Number(speedRatio.toFixed(4)),
    target: `>= ${TARGETS.speedRatio}`,
    met: speedRatio >= TARGETS.speedRatio ? 'yes' : 'NO',
  },
  {
    measure: 'ms per capture check',
    value: Math.round(1000 / checksPerSecond),
    ratio: '',
    target: '',
    met: '',
  },
  {
    measure: 'RSS MB before the model (baseline)',
    value: Math.round(baselineMb),
    ratio: 1,
    target: '',
    met: '',
  },
  {
    measure: 'RSS MB model loaded',
    value: Math.round(loadedMb),
    ratio: Number((loadedMb / baselineMb).toFixed(2)),
    target: '',
    met: '',
  },
  {
    measure: 'RSS MB held after checks',
    value: Math.round(heldMb),
    ratio: Number(memoryRatio.toFixed(2)),
    target: `<= ${TARGETS.memoryRatio}`,
    met: memoryRatio <= TARGETS.memoryRatio ? 'yes' : 'NO',
  },
  {
    measure: 'RSS MB peak, 4 captures at once',
    value: Math.round(peakMb),
    ratio: Number((peakMb / baselineMb).toFixed(2)),
    target: '',
    met: '',
  },
];
console.log(
  `model loaded in ${Math.round(loadMs)} ms; 4 captures at once took ${concurrentSeconds.toFixed(1)} s`,
);
console.table(rows);

let accuracy: Awaited<ReturnType<typeof measureAccuracy>> | null = null;
if (withAccuracy) {
  const started = performance.now();
  accuracy = await measureAccuracy(engine);
  const { genuine, impostor, atMatch, atBorderline, thresholds } = accuracy;
  console.log(
    `accuracy on ${accuracy.people} people (${Math.round((performance.now() - started) / 1000)} s): ` +
      `${genuine.pairs} genuine pairs, ${impostor.enrolmentPairs} + ${impostor.probePairs} impostor pairs` +
      (accuracy.enrolmentsRefused.length
        ? `; refused at enrolment: ${accuracy.enrolmentsRefused.join(', ')}`
        : ''),
  );
  console.table([
    { threshold: `match ${thresholds.match}`, ...atMatch, met: atMatch.falseMatches === 0 ? 'yes' : 'NO' },
    { threshold: `borderline ${thresholds.borderline}`, ...atBorderline, met: '' },
  ]);
  console.table(accuracy.byVariation.map((row) => ({ ...row, lowest: Number(row.lowest.toFixed(3)) })));
  const [g0, g1, g5, g50] = quantiles(genuine.similarities, [0, 0.01, 0.05, 0.5]);
  const [i50, i99, i999, i100] = quantiles(impostor.similarities, [0.5, 0.99, 0.999, 1]);
  console.log(
    `genuine similarity: lowest ${g0!.toFixed(3)}, 1% ${g1!.toFixed(3)}, 5% ${g5!.toFixed(3)}, median ${g50!.toFixed(3)}; ` +
      `impostor: median ${i50!.toFixed(3)}, 99% ${i99!.toFixed(3)}, 99.9% ${i999!.toFixed(3)}, highest ${i100!.toFixed(3)} ` +
      `(${accuracy.highestImpostor.pair})`,
  );
}

const outDir = path.join(repoRoot, 'bench/results');
mkdirSync(outDir, { recursive: true });
const out = path.join(outDir, `biometry-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  out,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      seconds,
      loadMs,
      concurrentSeconds,
      rows,
      accuracy: accuracy && {
        ...accuracy,
        genuine: { ...accuracy.genuine, similarities: undefined },
        impostor: { ...accuracy.impostor, similarities: undefined },
        genuineQuantiles: quantiles(accuracy.genuine.similarities, [0, 0.01, 0.05, 0.5, 1]),
        impostorQuantiles: quantiles(accuracy.impostor.similarities, [0, 0.5, 0.99, 0.999, 1]),
      },
    },
    null,
    2,
  ),
);
console.log(`written ${path.relative(repoRoot, out)}`);
