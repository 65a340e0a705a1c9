import { describe, expect, it } from 'vitest';
import { newCartId, newSessionId } from './ids.ts';
import { randomText, randomToken, sameHash, sha256 } from './tokens.ts';

describe('random text from the pool', () => {
  it('gives whole cuts of the asked size, never the same twice, across many refills of the pool', () => {
    const seen = new Set<string>();
    const wrong: string[] = [];
    // 18 bytes do not divide the 4 KB pool: the cut that would cross its end comes from a refill.
    for (let i = 0; i < 5_000; i += 1) {
      const id = newSessionId();
      if (!/^[A-Za-z0-9_-]{24}$/.test(id) || Buffer.from(id, 'base64url').length !== 18) wrong.push(id);
      seen.add(id);
    }
    expect(wrong).toEqual([]);
    expect(seen.size).toBe(5_000);
  });

  it('hands out each byte once: cuts of mixed sizes never repeat a run of bytes', () => {
    const bytes: string[] = [];
    for (let i = 0; i < 3_000; i += 1) bytes.push(randomText(1 + (i % 40), 'hex'));
    const all = bytes.join('');
    // A byte repeated from an earlier cut would show as a repeated 8-byte run (2^-64 by chance).
    const runs = new Set<string>();
    let repeated = 0;
    for (let at = 0; at + 16 <= all.length; at += 16) {
      const run = all.slice(at, at + 16);
      if (runs.has(run)) repeated += 1;
      runs.add(run);
    }
    expect(repeated).toBe(0);
  });

  it('uses every bit, and answers sizes larger than a cut of the pool', () => {
    const byPosition = Array.from({ length: 12 }, () => new Set<number>());
    for (let i = 0; i < 2_000; i += 1)
      for (const [position, byte] of Buffer.from(newCartId(), 'base64url').entries())
        byPosition[position]!.add(byte);
    for (const values of byPosition) expect(values.size).toBeGreaterThan(200);
    expect(randomText(100, 'hex')).toMatch(/^[0-9a-f]{200}$/);
    expect(Buffer.from(randomToken(), 'base64url')).toHaveLength(32);
  });

  it('compares hashes in constant time by value', () => {
    expect(sameHash(sha256('a'), sha256('a'))).toBe(true);
    expect(sameHash(sha256('a'), sha256('b'))).toBe(false);
    expect(sameHash(sha256('a'), 'ab')).toBe(false);
  });
});
