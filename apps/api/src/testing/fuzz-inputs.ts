/**
 * Hostile inputs for the write calls, generated deterministically: the same seed gives the same
 * requests, so a failure found once is found again (and its label says which input it was).
 */

/** A small seeded generator (mulberry32): no dependency, same sequence on every machine. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** Text of any code units: control characters, lone surrogates, quotes, NULs. */
    junk(length: number): string {
      let out = '';
      for (let i = 0; i < length; i += 1) out += String.fromCharCode(Math.floor(next() * 0x10000));
      return out;
    },
  };
}
export type TRandom = ReturnType<typeof seededRandom>;

/** One request body: the raw text (or a stream factory), its content type and what it is. */
export type TFuzzBody = {
  label: string;
  body: string | (() => ReadableStream<Uint8Array>);
  contentType: string | null;
  /** Headers to send instead of the caller's own (a session, a cart, a language, a key). */
  headers?: Record<string, string>;
};

/** What replaces one field: the JSON text of the value, so values JSON.stringify cannot write fit too. */
export const FIELD_VALUES: { label: string; json: string }[] = [
  { label: 'NUL', json: '"\\u0000"' },
  { label: 'NUL inside', json: '"ab\\u0000cd"' },
  { label: '10k chars', json: JSON.stringify('x'.repeat(10_000)) },
  { label: '2^31', json: String(2 ** 31) },
  { label: '2^53+1', json: '9007199254740993' },
  { label: '1e308', json: '1e308' },
  { label: '1e400 (Infinity)', json: '1e400' },
  { label: '-1', json: '-1' },
  { label: '0.5', json: '0.5' },
  { label: '"NaN"', json: '"NaN"' },
  { label: '"Infinity"', json: '"Infinity"' },
  { label: '"-0"', json: '"-0"' },
  { label: '"99999999999999999999"', json: '"99999999999999999999"' },
  { label: 'null', json: 'null' },
  { label: 'true', json: 'true' },
  { label: '[]', json: '[]' },
  { label: '{}', json: '{}' },
  { label: 'nested', json: `${'{"a":'.repeat(200)}1${'}'.repeat(200)}` },
  { label: 'newline', json: '"a\\nb\\r\\nc"' },
  { label: '__proto__', json: '{"__proto__":{"admin":true}}' },
];

/** A JSON body 64 KB … 96 KB over the limit, and a nesting depth far past any parser's comfort. */
const OVERSIZED = JSON.stringify({ x: 'x'.repeat(100 * 1024) });
const DEEP = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;

function streamOf(text: string, chunk = 8 * 1024): () => ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return () => {
    let offset = 0;
    return new ReadableStream({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(offset, offset + chunk));
        offset += chunk;
      },
    });
  };
}

/** The damage any body can take, whatever the call: not JSON, not an object, too big, too deep. */
export function wholeBodies(seed: unknown, random: TRandom): TFuzzBody[] {
  const json = 'application/json';
  const valid = JSON.stringify(seed);
  return [
    { label: 'malformed {', body: '{', contentType: json },
    { label: 'malformed cut', body: valid.slice(0, Math.max(1, valid.length - 3)), contentType: json },
    { label: 'malformed trailing comma', body: '{"a":1,}', contentType: json },
    { label: 'not json', body: 'not json at all', contentType: json },
    { label: 'empty', body: '', contentType: json },
    { label: 'no content type', body: valid, contentType: null },
    { label: 'text/plain', body: valid, contentType: 'text/plain' },
    { label: 'form-encoded', body: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
    { label: 'multipart without boundary', body: valid, contentType: 'multipart/form-data' },
    { label: 'array', body: '[]', contentType: json },
    { label: 'array of seed', body: `[${valid}]`, contentType: json },
    { label: 'string', body: '"text"', contentType: json },
    { label: 'null', body: 'null', contentType: json },
    { label: 'number', body: '1e308', contentType: json },
    { label: 'NUL bytes', body: '\u0000\u0000\u0000', contentType: json },
    { label: 'deep nesting', body: DEEP, contentType: json },
    {
      label: 'deep nesting in a field',
      body: `{"x":${DEEP.slice(0, 20_000)}${DEEP.slice(-20_000)}}`,
      contentType: json,
    },
    { label: 'junk', body: random.junk(200), contentType: json },
    { label: 'junk in JSON', body: JSON.stringify({ x: random.junk(200) }), contentType: json },
    { label: 'oversized with length', body: OVERSIZED, contentType: json },
    { label: 'oversized streamed', body: streamOf(OVERSIZED), contentType: json },
  ];
}

/** Leaf paths of a JSON value: ['a'], ['list', 0, 'id'], … */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value))
    return value.length ? value.flatMap((item, i) => leafPaths(item, [...prefix, i])) : [prefix];
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? entries.flatMap(([k, v]) => leafPaths(v, [...prefix, k])) : [prefix];
  }
  return [prefix];
}

const MARK = '"\u0001FUZZ\u0001"';

/** The seed with the field at `path` replaced by raw JSON text. */
function replaceAt(seed: unknown, path: (string | number)[], json: string): string {
  const copy = structuredClone(seed) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = '\u0001FUZZ\u0001';
  return JSON.stringify(copy).replace(MARK, json);
}

/** The values every field always gets (the list); the others are drawn per field. */
const CORE = new Set(['NUL', '10k chars', '2^31', '2^53+1', '1e308', '-1', '"NaN"', 'nested']);

/**
 * Every field of the seed, one at a time, replaced by the core hostile values plus `extra` drawn
 * from the rest; or, with `only`, by `only` values drawn from all of them.
 */
export function fieldBodies(
  seed: unknown,
  random: TRandom,
  draw: { extra?: number; only?: number },
): TFuzzBody[] {
  const out: TFuzzBody[] = [];
  const paths = leafPaths(seed).filter((p) => p.length > 0);
  const core = FIELD_VALUES.filter((v) => CORE.has(v.label));
  const rest = FIELD_VALUES.filter((v) => !CORE.has(v.label));
  const drawn = (from: typeof FIELD_VALUES, n: number) => Array.from({ length: n }, () => random.pick(from));
  for (const path of paths) {
    const values = draw.only ? drawn(FIELD_VALUES, draw.only) : [...core, ...drawn(rest, draw.extra ?? 0)];
    for (const value of values)
      out.push({
        label: `${path.join('.')}=${value.label}`,
        body: replaceAt(seed, path, value.json),
        contentType: 'application/json',
      });
  }
  return out;
}

/** The same damage for a page form (application/x-www-form-urlencoded): values are text there. */
export function formBodies(fields: Record<string, string>, random: TRandom, sample?: number): TFuzzBody[] {
  const form = 'application/x-www-form-urlencoded';
  const encode = (record: Record<string, string>) => new URLSearchParams(record).toString();
  const texts = [
    '\u0000',
    'a\u0000b',
    'x'.repeat(10_000),
    String(2 ** 31),
    '9007199254740993',
    '1e308',
    '-1',
    'NaN',
    '%',
    random.junk(100),
  ];
  const out: TFuzzBody[] = [
    { label: 'form: empty', body: '', contentType: form },
    { label: 'form: broken escapes', body: 'email=%E0%A4%A&password=%', contentType: form },
    { label: 'form: repeated keys', body: 'email=a&email=b&password=c&password=d', contentType: form },
    { label: 'form: oversized', body: `email=${'a'.repeat(100 * 1024)}`, contentType: form },
    {
      label: 'form: oversized streamed',
      body: streamOf(`email=${'a'.repeat(100 * 1024)}`),
      contentType: form,
    },
  ];
  for (const key of Object.keys(fields))
    for (const text of sample ? Array.from({ length: sample }, () => random.pick(texts)) : texts)
      out.push({
        label: `form: ${key}=${JSON.stringify(text).slice(0, 24)}`,
        body: encode({ ...fields, [key]: text }),
        contentType: form,
      });
  return out;
}

/** The seed, intact, under hostile headers: the cart session, idempotency key, language, cookie. */
export function headerBodies(seed: unknown): TFuzzBody[] {
  const json = 'application/json';
  const body = JSON.stringify(seed);
  const long = 'x'.repeat(10_000);
  const cases: [string, Record<string, string>][] = [
    ['x-session-id 10k', { 'x-session-id': long }],
    ['x-session-id path', { 'x-session-id': '../../etc/passwd' }],
    ['x-session-id order_', { 'x-session-id': `order_${'0'.repeat(20)}` }],
    ['idempotency-key 10k', { 'idempotency-key': long }],
    ['idempotency-key %00', { 'idempotency-key': '%00' }],
    ['accept-language junk', { 'accept-language': `${'*;q=NaN,'.repeat(500)}en;q=1e400` }],
    ['cookie junk sid', { cookie: `sid=${long}; lang=xx; cart_session=%ZZ` }],
    ['authorization junk', { authorization: `Bearer ${long}` }],
    ['authorization no token', { authorization: 'Bearer' }],
    ['captcha 10k', { 'x-captcha-token': long }],
  ];
  return cases.map(([label, headers]) => ({ label: `header: ${label}`, body, contentType: json, headers }));
}
