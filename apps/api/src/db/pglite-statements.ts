import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { FRESH_PLAN } from './fresh-plan.ts';

type TMessages = Awaited<ReturnType<PGlite['execProtocolStream']>>;
type TStatement = { name: string; types: number[] };

/**
 * Issue 18: on the embedded database a page's reads cost mostly their planning (the cart's 8-table
 * read: ~1.6–2.0 ms a time against 0.07 ms for `select 1`), and PGlite plans every parameterised
 * query afresh (an unnamed statement). PGlite is one connection owned by this process, so a named
 * statement lives as long as it: `query()` outside a transaction now parses a query text once, as a
 * named statement, and binds it afterwards, letting PostgreSQL keep its plan (a generic one after a
 * few runs, as for any prepared statement). The same protocol messages as PGlite's own `query()`
 * (parse, describe, bind, execute, sync), under the same locks; at most `max` statements are kept,
 * the least recently used closed first (texts built with a variable number of parameters).
 * Queries inside `transaction()` go through PGlite's own path, unchanged, and so do texts marked
 * `FRESH_PLAN` (fresh-plan.ts).
 */
export function keepStatements(client: PGlite, max = 256): { kept: () => number } {
  const statements = new Map<string, TStatement>();
  const plain = client.query.bind(client);
  let counter = 0;
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function prepare(text: string): Promise<TStatement> {
    counter += 1;
    const name = `bilheto_${counter}`;
    await send(protocol.serialize.parse({ name, text }));
    const described = await send(protocol.serialize.describe({ type: 'S', name }));
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    for (const [oldText, old] of statements) {
      if (statements.size <= max) break;
      statements.delete(oldText);
      await send(protocol.serialize.close({ type: 'S', name: old.name }));
    }
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const messages: TMessages = [];
    let statement = statements.get(text);
    try {
      if (statement) {
        // Most recently used last: the Map's first key is the one to close.
        statements.delete(text);
        statements.set(text, statement);
      } else {
        statement = await prepare(text);
      }
      const { types } = statement;
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = types[index]!;
        const serializer = options?.serializers?.[type] ?? client.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(
        ...(await send(protocol.serialize.bind({ statement: statement.name, values }))),
        ...(await send(protocol.serialize.describe({ type: 'P' }))),
        ...(await send(protocol.serialize.execute({}))),
      );
    } catch (error) {
      // A text that did not parse is not kept (nothing was named); one that failed to run stays.
      if (statement === undefined) statements.delete(text);
      if (error instanceof Error) Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    } finally {
      messages.push(...(await send(protocol.serialize.sync())));
    }
    await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  client.query = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    if (!params?.length || options?.blob || options?.paramTypes || text.includes(FRESH_PLAN))
      return plain<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run<T>(text, params, options)),
    );
  };
  return { kept: () => statements.size };
}
