import { describe, expect, it } from 'vitest';
import { isConnectionLost } from './connection-errors.ts';

describe('isConnectionLost', () => {
  it('knows a terminated backend, a dropped socket and a closed client, through wrapping causes', () => {
    expect(
      isConnectionLost({ code: '57P01', message: 'terminating connection due to administrator command' }),
    ).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost({ message: 'Failed query: select 1', cause: { code: 'ECONNRESET' } })).toBe(true);
    expect(
      isConnectionLost({ message: 'Client has encountered a connection error and is not queryable' }),
    ).toBe(true);
  });

  it('does not take a refused query for a lost connection', () => {
    expect(
      isConnectionLost({ code: '23505', message: 'duplicate key value violates unique constraint' }),
    ).toBe(false);
    expect(isConnectionLost({ code: '40P01', message: 'deadlock detected' })).toBe(false);
    expect(isConnectionLost(new Error('boom'))).toBe(false);
    expect(isConnectionLost(undefined)).toBe(false);
  });
});
