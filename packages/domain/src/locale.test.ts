import { describe, expect, it } from 'vitest';
import { negotiateLocale } from './locale.ts';

describe('negotiateLocale', () => {
  it('prefers the cookie the language switch set', () => {
    expect(negotiateLocale('en', 'pt-BR,pt;q=0.9')).toBe('en');
    expect(negotiateLocale('pt-BR', 'en-US')).toBe('pt-BR');
  });

  it('ignores a cookie that names no language we speak', () => {
    expect(negotiateLocale('fr', 'en-GB')).toBe('en');
  });

  it('follows Accept-Language on a first visit, by quality', () => {
    expect(negotiateLocale(undefined, 'en-US,en;q=0.9')).toBe('en');
    expect(negotiateLocale(undefined, 'fr-FR,en;q=0.5,pt;q=0.8')).toBe('pt-BR');
  });

  it('answers a foreign visitor whose browser speaks neither language in English (issue 31)', () => {
    expect(negotiateLocale(undefined, 'de-DE,fr;q=0.9')).toBe('en');
    expect(negotiateLocale(undefined, 'es-AR,es;q=0.9')).toBe('en');
    // A Portuguese or English preference anywhere in the list still wins.
    expect(negotiateLocale(undefined, 'es-ES,pt;q=0.3')).toBe('pt-BR');
    // A wildcard alone is no hint: Portuguese, as without any.
    expect(negotiateLocale(undefined, '*')).toBe('pt-BR');
  });

  it('defaults to Portuguese without any hint', () => {
    expect(negotiateLocale(undefined, undefined)).toBe('pt-BR');
    expect(negotiateLocale(undefined, '')).toBe('pt-BR');
  });
});
