import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TTestDatabase, testDatabases } from '../../testing/test-app.ts';
import { AppError } from '../app-error.ts';
import { createRateLimits } from './rate-limits.ts';

/** The answer of one consume: 'ok', or the 429's Retry-After in seconds. */
async function attempt(consume: () => Promise<void>): Promise<'ok' | number> {
  try {
    await consume();
    return 'ok';
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'too_many_requests') throw error;
    return Number(error.headers?.['Retry-After']);
  }
}

describe.each(testDatabases())('rate limits on %s', (kind) => {
  let t: TTestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t.drop());

  it('the CPF check allows 40 in ten minutes per buyer, then refuses with the window’s end', async () => {
    const limits = createRateLimits(t.database);
    const answers = [];
    for (let i = 0; i < 42; i += 1)
      answers.push(await attempt(() => limits.consume('cpfCheckUser', 'buyer-a', 'pt-BR')));
    expect(answers.slice(0, 40).every((answer) => answer === 'ok')).toBe(true);
    for (const retryAfter of answers.slice(40)) {
      expect(retryAfter).toBeGreaterThan(590);
      expect(retryAfter).toBeLessThanOrEqual(600);
    }
    // Another buyer has a window of their own.
    expect(await attempt(() => limits.consume('cpfCheckUser', 'buyer-b', 'pt-BR'))).toBe('ok');
    // A reset opens a fresh window.
    await limits.reset('cpfCheckUser', 'buyer-a');
    expect(await attempt(() => limits.consume('cpfCheckUser', 'buyer-a', 'pt-BR'))).toBe('ok');
  });

  if (kind === 'postgres')
    it('two processes share one buyer’s window: the second sees the first’s checks once written', async () => {
      const one = createRateLimits(t.database);
      const two = createRateLimits(t.database);
      for (let i = 0; i < 30; i += 1)
        expect(await attempt(() => one.consume('cpfCheckUser', 'buyer-c', 'pt-BR'))).toBe('ok');
      // The first process writes its counts within tens of milliseconds (here at once: a fixed wait
      // failed on a loaded machine); the second's first check learns the total at its own write, and
      // from then on counts on from it.
      await one.flush();
      expect(await attempt(() => two.consume('cpfCheckUser', 'buyer-c', 'pt-BR'))).toBe('ok');
      await two.flush();
      const answers = [];
      for (let i = 0; i < 10; i += 1)
        answers.push(await attempt(() => two.consume('cpfCheckUser', 'buyer-c', 'pt-BR')));
      // 30 + 1 + 9 = 40 allowed; the 41st is refused, by the process that counted only 10 of them.
      expect(answers.slice(0, 9).every((answer) => answer === 'ok')).toBe(true);
      expect(answers[9]).toBeGreaterThan(590);
    });
});
