export type TLogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type TLogFields = Record<string, unknown>;
export type TLogger = {
  debug(msg: string, fields?: TLogFields): void;
  info(msg: string, fields?: TLogFields): void;
  warn(msg: string, fields?: TLogFields): void;
  error(msg: string, fields?: TLogFields): void;
  child(fields: TLogFields): TLogger;
};

const ORDER: Record<TLogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/**
 * One JSON object per line on stdout. Callers pass ids and paths, never request bodies,
 * query strings, CPFs, passwords or card data: nothing here tries to scrub them afterwards.
 */
export function createLogger(
  level: TLogLevel,
  base: TLogFields = {},
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): TLogger {
  const min = ORDER[level];
  const log = (lvl: Exclude<TLogLevel, 'silent'>) => (msg: string, fields?: TLogFields) => {
    if (ORDER[lvl] < min) return;
    const entry = { time: new Date().toISOString(), level: lvl, msg, ...base, ...fields };
    write(JSON.stringify(entry, errorReplacer));
  };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}

/** Drizzle puts a failed query's parameters (CPFs, e-mails, hashes) in its message: they stay out. */
const redactParams = (text: string | undefined) => text?.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');

function errorReplacer(_key: string, value: unknown) {
  if (value instanceof Error) {
    const cause =
      value.cause instanceof Error
        ? { name: value.cause.name, message: redactParams(value.cause.message) }
        : undefined;
    return {
      name: value.name,
      message: redactParams(value.message),
      stack: redactParams(value.stack),
      cause,
    };
  }
  return value;
}
