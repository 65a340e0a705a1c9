import { describe, expect, it } from 'vitest';
import { newNonce } from './nonce.ts';

describe('CSP nonces from the pool', () => {
  it('gives 128 random bits each time, never the same twice across many refills of the pool', () => {
    const seen = new Set<string>();
    const malformed: string[] = [];
    for (let i = 0; i < 10_000; i += 1) {
      const nonce = newNonce();
      // One expect at the end: 20,000 of them took seconds beside the rest of the suite.
      if (!/^[A-Za-z0-9+/]{22}==$/.test(nonce) || Buffer.from(nonce, 'base64').length !== 16)
        malformed.push(nonce);
      seen.add(nonce);
    }
    expect(malformed).toEqual([]);
    expect(seen.size).toBe(10_000);
  });

  it('uses every bit: each byte position takes many values over the pool', () => {
    const byPosition = Array.from({ length: 16 }, () => new Set<number>());
    for (let i = 0; i < 2_000; i += 1) {
      for (const [position, byte] of Buffer.from(newNonce(), 'base64').entries())
        byPosition[position]!.add(byte);
    }
    for (const values of byPosition) expect(values.size).toBeGreaterThan(200);
  });
});
