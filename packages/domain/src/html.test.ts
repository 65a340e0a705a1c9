import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that can break out of text or a quoted attribute', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&#60;a href=&#34;x&#34;&#62;Tom &#38; Jerry&#39;s&#60;/a&#62;',
    );
  });

  it('leaves everything else, accents included, as it is', () => {
    expect(escapeHtml('Olá, São Paulo · R$ 10,00 — ok')).toBe('Olá, São Paulo · R$ 10,00 — ok');
  });
});
