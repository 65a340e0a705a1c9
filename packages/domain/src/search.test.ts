import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeSearchText } from './search.ts';

describe('search', () => {
  it('ignores accents, case and punctuation', () => {
    expect(normalizeSearchText('São  Paulo - SP')).toBe('sao paulo sp');
    expect(normalizeSearchText('TEATRO ÁLVARO DE CARVALHO')).toBe('teatro alvaro de carvalho');
  });
  it('needs every word of the query, in any order', () => {
    const text = normalizeSearchText('Noite de Samba Rio de Janeiro Circo Voador');
    expect(matchesSearch(text, 'rio samba')).toBe(true);
    expect(matchesSearch(text, 'SÃO paulo')).toBe(false);
    expect(matchesSearch(text, '   ')).toBe(false);
  });
});
