const BASE = 'http://same.invalid';

/**
 * A `redirect` parameter made safe: only a path of this site. Control characters (browsers drop
 * tabs and newlines, so '/\t/evil.example' is '//evil.example') and backslashes are refused
 * outright, and what is left must resolve to this same origin. Anything else is `fallback`.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (!target?.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
