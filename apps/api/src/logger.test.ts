import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

describe('logger', () => {
  it('keeps the parameters of a failed query (CPFs, e-mails, hashes) out of the log', () => {
    const lines: string[] = [];
    const log = createLogger('info', {}, (line) => lines.push(line));
    const cause = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    log.error('unhandled error', {
      error: new DrizzleQueryError(
        'insert into "users" ("document") values ($1)',
        ['52998224725', 'ana@exemplo.com'],
        cause,
      ),
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('52998224725');
    expect(lines[0]).not.toContain('ana@exemplo.com');
    const entry = JSON.parse(lines[0]!) as { error: { message: string; cause: { message: string } } };
    expect(entry.error.message).toContain('params: [redacted]');
    expect(entry.error.cause.message).toContain('invalid byte sequence');
  });
});
