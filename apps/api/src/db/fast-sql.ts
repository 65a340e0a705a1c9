import {
  type BuildQueryConfig,
  Column,
  Name,
  Param,
  Placeholder,
  type Query,
  SQL,
  StringChunk,
  Table,
} from './orm.ts';

/** drizzle-orm's keys on a table (its `Table.Symbol`, internal to it): name, schema, whether an alias. */
const TABLE_NAME = Symbol.for('drizzle:Name');
const TABLE_SCHEMA = Symbol.for('drizzle:Schema');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');

type TBuild = (this: SQL, chunks: unknown[], config: BuildQueryConfig) => Query;
type TConfig = BuildQueryConfig & { paramStartIndex: { value: number } };

/** drizzle-orm's own builder, for what the fast one leaves to it (and for the equivalence test). */
export const drizzleBuild = SQL.prototype.buildQueryFromSourceParams as TBuild;

/**
 * Issue 37: drizzle-orm builds each query's text when it runs, deciding what every piece is with
 * `is()`, which walks a piece's class chain once per kind it tests (a parameter was tested against
 * nine kinds, and its column six times more for typings PostgreSQL's drivers never read): 4.5 % of
 * the server's CPU under the purchase bench, drizzle's building 15 % in all. This builds the same
 * text and parameters with one `instanceof` per kind for what almost every query is made of (text,
 * nested `sql`, values, columns, tables, parameters, names) and hands any other piece (an array, a
 * placeholder, a view, an alias, a subquery, an enum, another copy of drizzle's classes) to
 * drizzle's own builder, sharing the parameter numbering. Inlined-parameter queries (`sql.raw`
 * inside `sql.inline`, migrations' defaults) go wholly to drizzle's. It leaves out `typings`, which
 * only drizzle's AWS Data API driver reads (fast-sql.test.ts compares both builders' answers).
 */
function fastBuild(this: SQL, chunks: unknown[], given: BuildQueryConfig): Query {
  if (given.inlineParams || inlines(this)) return drizzleBuild.call(this, chunks, given);
  const config: TConfig = given.paramStartIndex
    ? (given as TConfig)
    : { ...given, inlineParams: false, paramStartIndex: { value: 0 } };
  const out: Query = { sql: '', params: [] };
  append(this, chunks, config, out);
  return out;
}

function append(self: SQL, chunks: unknown[], config: TConfig, out: Query) {
  const { escapeName, escapeParam, paramStartIndex } = config;
  const param = (value: unknown) => {
    out.sql += escapeParam(paramStartIndex.value++, value);
    out.params.push(value);
  };
  for (const chunk of chunks) {
    if (chunk === undefined) continue;
    if (chunk === null || typeof chunk !== 'object') {
      param(chunk);
    } else if (chunk instanceof StringChunk) {
      const value = chunk.value;
      out.sql += value.length === 1 ? value[0] : value.join('');
    } else if (chunk instanceof SQL) {
      if (inlines(chunk)) delegate(self, chunk, config, out);
      else append(self, chunk.queryChunks, config, out);
    } else if (chunk instanceof Param) {
      if (chunk.value instanceof Placeholder) {
        delegate(self, chunk, config, out);
        continue;
      }
      const mapped = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (mapped instanceof SQL) append(self, [mapped], config, out);
      else param(mapped);
    } else if (chunk instanceof Column) {
      if (config.invokeSource === 'indexes') {
        delegate(self, chunk, config, out);
        continue;
      }
      const name = config.casing.getColumnCasing(chunk);
      const { schema, tableName, alias } = tableOf(chunk.table, escapeName);
      out.sql +=
        alias || schema === undefined
          ? `${tableName}.${escapeName(name)}`
          : `${escapeName(schema)}.${tableName}.${escapeName(name)}`;
    } else if (chunk instanceof Table) {
      const { schema, tableName, alias } = tableOf(chunk, escapeName);
      out.sql += schema === undefined || alias ? tableName : `${escapeName(schema)}.${tableName}`;
    } else if (chunk instanceof Name) {
      out.sql += escapeName(chunk.value);
    } else if (chunk instanceof Date) {
      param(chunk);
    } else {
      delegate(self, chunk, config, out);
    }
  }
}

/** Whether drizzle inlines this SQL's parameters (its private `shouldInlineParams`). */
const inlines = (query: SQL): boolean => Reflect.get(query, 'shouldInlineParams') === true;

/** A table's schema, escaped name and whether it is an alias, from drizzle's keys on it. */
function tableOf(table: Table, escapeName: (name: string) => string) {
  return {
    schema: Reflect.get(table, TABLE_SCHEMA) as string | undefined,
    tableName: escapeName(Reflect.get(table, TABLE_NAME) as string),
    alias: Reflect.get(table, IS_ALIAS) === true,
  };
}

/** One piece by drizzle's builder, numbered on from where this query is. */
function delegate(self: SQL, chunk: unknown, config: TConfig, out: Query) {
  const built = drizzleBuild.call(self, [chunk], config);
  out.sql += built.sql;
  out.params.push(...built.params);
}

SQL.prototype.buildQueryFromSourceParams = fastBuild as SQL['buildQueryFromSourceParams'];
