import { describe, expect, it } from 'vitest';
import { pluralKey } from './plural.ts';

describe('plural forms', () => {
  it('picks one and other by the language rules', () => {
    expect(pluralKey('pt-BR', 'tickets.count', 1)).toBe('tickets.count.one');
    expect(pluralKey('pt-BR', 'tickets.count', 2)).toBe('tickets.count.other');
    expect(pluralKey('en', 'tickets.count', 1)).toBe('tickets.count.one');
    expect(pluralKey('en', 'tickets.count', 0)).toBe('tickets.count.other');
    // Portuguese's 'many' (a round million) reads as other.
    expect(pluralKey('pt-BR', 'tickets.count', 1_000_000)).toBe('tickets.count.other');
  });
});
