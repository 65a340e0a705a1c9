import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, type TLogFields } from './logger.ts';
import { loadMallocTrim, startMallocTrim } from './malloc-trim.ts';

// A full collection on demand, without starting the test worker with --expose-gc.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const residentMb = () => process.memoryUsage.rss() / 2 ** 20;
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

function recordingLog() {
  const lines: ({ level: string; msg: string } & TLogFields)[] = [];
  const log = createLogger('debug', {}, (line) => lines.push(JSON.parse(line)));
  return { log, lines };
}

describe('malloc_trim', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives back the free pages that sit among blocks still in use', async () => {
    const trim = await loadMallocTrim();
    expect(trim, 'glibc and a koffi binary for this platform').toBeDefined();

    // 1,600 blocks of 64 KB (below malloc's mmap threshold: they come from an arena), each written,
    // then all but one in eight dropped: ~90 MB free, held in place by the blocks kept.
    collect();
    await settle();
    const before = residentMb();
    let blocks: (ArrayBuffer | undefined)[] = Array.from({ length: 1600 }, () => {
      const block = new ArrayBuffer(64 * 1024);
      new Uint8Array(block).fill(7);
      return block;
    });
    blocks = blocks.map((block, i) => (i % 8 === 0 ? block : undefined));
    collect();
    await settle();
    collect();
    const fragmented = residentMb();
    // The control: freed, yet still resident (malloc gives back only the top of an arena by itself).
    expect(fragmented - before).toBeGreaterThan(60);

    expect(await trim!(0)).toBe(1);
    const trimmed = residentMb();
    expect(fragmented - trimmed).toBeGreaterThan(60);
    expect(blocks.filter(Boolean)).toHaveLength(200);
  });

  it('trims at start, then every interval until stopped, on the given schedule', async () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const { log, lines } = recordingLog();
    const stop = await startMallocTrim({
      everySeconds: 30,
      log,
      load: async () => async (pad) => {
        calls.push(pad);
        return 1;
      },
    });
    expect(calls).toEqual([0]);
    expect(lines.filter((line) => line.msg === 'malloc trimmed').map((line) => line.level)).toEqual(['info']);

    await vi.advanceTimersByTimeAsync(29_000);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(4);

    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(4);
  });

  it('with 0 seconds, never trims (the switch to turn it off)', async () => {
    vi.useFakeTimers();
    let calls = 0;
    await startMallocTrim({
      everySeconds: 0,
      log: recordingLog().log,
      load: async () => async () => {
        calls += 1;
        return 0;
      },
    });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toBe(0);
  });

  it('starts without it where the platform has none, and survives a failing trim', async () => {
    const absent = recordingLog();
    const stop = await startMallocTrim({ everySeconds: 30, log: absent.log, load: async () => undefined });
    stop();
    expect(absent.lines.map((line) => line.level)).toEqual(['debug']);

    const failing = recordingLog();
    const stopFailing = await startMallocTrim({
      everySeconds: 30,
      log: failing.log,
      load: async () => async () => {
        throw new Error('no such symbol');
      },
    });
    stopFailing();
    expect(failing.lines.map((line) => [line.level, line.msg])).toEqual([['warn', 'malloc_trim failed']]);
  });
});
