/**
 * Escapes text for HTML content and quoted attributes: the one copy for every page and e-mail the
 * api writes by hand (mails, the maintenance page, the API reference, dev and sandbox pages).
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
