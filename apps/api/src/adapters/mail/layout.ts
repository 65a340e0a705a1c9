import { escapeHtml } from '@ingressos/domain/html';

/**
 * The one HTML shell of the api's e-mails: the brand as a heading over the mail's own body, in
 * inline styles (mail clients drop <style>). Each mail writes only its content; the plain-text
 * part stays the mail's own, since the tests and screen readers read it as written.
 */
export function mailLayout(brand: string, body: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f1f2e;max-width:560px;margin:auto">
<h1 style="color:#5b21b6;font-size:22px">${escapeHtml(brand)}</h1>
${body}
</body></html>`;
}

/** One paragraph per line of text, escaped. */
export const mailParagraphs = (lines: string[]) =>
  lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');

/** The call to action: a filled link shaped as a button (`radius` 8px square-ish, 999px a pill). */
export const mailButton = (link: string, label: string, radius = '8px') =>
  `<a href="${escapeHtml(link)}" style="display:inline-block;background:#5b21b6;color:#fff;padding:12px 20px;border-radius:${radius};text-decoration:none">${escapeHtml(label)}</a>`;
