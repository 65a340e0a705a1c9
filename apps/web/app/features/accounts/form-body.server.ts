/**
 * What a page action reads from the request, refused cleanly when it is not what our own form
 * sends: a form that is not a form, JSON that is not one flat object, a header value that a
 * header cannot carry. Each answers null (or '') so the action shows the form's error and a 400,
 * never a 500 (issue 12: fuzz.int.test.ts found each of these).
 */

/** The posted form, or null when the body is not a form (another content type, a broken multipart). */
export async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/** Our forms post flat objects; deeper JSON is refused before anything walks it. */
const MAX_DEPTH = 8;

/** How deeply the JSON text nests (brackets outside strings), stopping once past `limit`. */
export function jsonDepth(text: string, limit = MAX_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (ch === '}' || ch === ']') depth -= 1;
  }
  return deepest;
}

/** The posted JSON when it is one object nested at most MAX_DEPTH deep, else null. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | null> {
  const text = await request.text().catch(() => '');
  if (jsonDepth(text) > MAX_DEPTH) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A value a request header can carry (a captcha token): printable ASCII without spaces, else ''. */
export function headerValue(value: unknown): string {
  return typeof value === 'string' && /^[\x21-\x7e]{1,4096}$/.test(value) ? value : '';
}
