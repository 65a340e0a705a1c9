import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('keeps paths of this site', () => {
    expect(safeRedirect('/meus-ingressos?x=1#a')).toBe('/meus-ingressos?x=1#a');
    expect(safeRedirect(null, '/minha-conta')).toBe('/minha-conta');
  });

  it('refuses other hosts however they are disguised', () => {
    for (const target of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/%09/evil.example'.replace('%09', '\t'),
      '/\n/evil.example',
      '/\r\n/x',
      'javascript:alert(1)',
      '/x\u0000',
    ])
      expect(safeRedirect(target), JSON.stringify(target)).toBe('/');
  });
});
