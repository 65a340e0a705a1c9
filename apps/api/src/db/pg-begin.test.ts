import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { savingTransactionRoundTrips } from './pg-begin.ts';

/** A node-postgres client as the wrapper reads it, and what it sent. */
function fakeClient(state: { status: 'I' | 'T' | 'E'; ready: boolean }) {
  const sent: unknown[] = [];
  const client = {
    connection: { parsedStatements: { k_begin: 'begin' } },
    _queryQueue: [],
    get readyForQuery() {
      return state.ready;
    },
    getTransactionStatus: () => state.status,
  } as unknown as pg.Client;
  const query = savingTransactionRoundTrips((config) => {
    sent.push(typeof config === 'string' ? config : ((config as { text?: string }).text ?? config));
    return Promise.resolve({ command: 'SENT' });
  });
  return { sent, run: (text: string) => query.call(client, text) as Promise<{ command: string }> };
}

describe("the wrapper that saves a transaction's BEGIN and COMMIT round trips", () => {
  it('answers COMMIT and ROLLBACK itself only once PostgreSQL reported the connection outside any transaction', async () => {
    const idle = fakeClient({ status: 'I', ready: true });
    expect((await idle.run('commit')).command).toBe('COMMIT');
    expect((await idle.run('rollback')).command).toBe('ROLLBACK');
    expect(idle.sent).toEqual([]);
  });

  it("sends them while a query's ReadyForQuery is still to come (its error came first: the status is the one before it)", async () => {
    const waiting = fakeClient({ status: 'I', ready: false });
    await waiting.run('rollback');
    await waiting.run('commit');
    expect(waiting.sent).toEqual(['rollback', 'commit']);
  });

  it('sends them inside a transaction, failed or not', async () => {
    for (const status of ['T', 'E'] as const) {
      const inside = fakeClient({ status, ready: true });
      await inside.run('rollback');
      expect(inside.sent).toEqual(['rollback']);
    }
  });

  it('sends nothing for a BEGIN followed by a COMMIT, and a BEGIN before a text without parameters', async () => {
    const client = fakeClient({ status: 'I', ready: true });
    await client.run('begin');
    await client.run('commit');
    expect(client.sent).toEqual([]);
    await client.run('begin');
    await client.run('select 1');
    expect(client.sent).toEqual(['begin', 'select 1']);
  });
});
