/**
 * What a transport's error may say in the outbox table and the log: its code and message, with
 * e-mail addresses and runs of six or more digits (CPFs, phone numbers, codes) masked, and short.
 * SMTP reply codes (451, 4.7.1) stay readable.
 */
export function describeError(error: unknown): string {
  const raw =
    error instanceof Error
      ? `${(error as { code?: string }).code ?? error.name}: ${error.message}`
      : String(error);
  return raw
    .replace(/[^\s<>"'@:]+@[^\s<>"']+/g, '<address>')
    .replace(/\d[\d.\-/]{4,}\d/g, (run) => (run.replace(/\D/g, '').length >= 6 ? '<digits>' : run))
    .slice(0, 300);
}
