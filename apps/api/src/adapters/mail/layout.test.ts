import { describe, expect, it } from 'vitest';
import { mailButton, mailLayout, mailParagraphs } from './layout.ts';

describe('mail layout', () => {
  it('wraps a body in the brand heading, escaping the brand', () => {
    expect(mailLayout('A & B', '<p>x</p>')).toBe(
      `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f1f2e;max-width:560px;margin:auto">
<h1 style="color:#5b21b6;font-size:22px">A &#38; B</h1>
<p>x</p>
</body></html>`,
    );
  });

  it('writes one escaped paragraph per line', () => {
    expect(mailParagraphs(['Olá, <Ana>!', 'ok'])).toBe('<p>Olá, &#60;Ana&#62;!</p>\n<p>ok</p>');
  });

  it('draws the call to action as a filled link', () => {
    expect(mailButton('https://x/?a=1&b=2', 'Ver', '999px')).toBe(
      '<a href="https://x/?a=1&#38;b=2" style="display:inline-block;background:#5b21b6;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none">Ver</a>',
    );
  });
});
