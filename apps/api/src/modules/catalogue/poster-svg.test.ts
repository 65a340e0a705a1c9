import { describe, expect, it } from 'vitest';
import { posterSvg, wrapTitle } from './poster-svg.ts';

const input = {
  slug: 'noite-do-samba',
  name: 'Noite do Samba de Raiz & <Convidados>',
  category: 'samba',
  theme: null,
  city: 'Rio de Janeiro',
  state: 'RJ',
};

describe('posters', () => {
  it('wraps a title into at most four lines', () => {
    expect(wrapTitle('NOITE DO SAMBA DE RAIZ', 14)).toEqual(['NOITE DO SAMBA', 'DE RAIZ']);
    expect(wrapTitle('A B C D E F G H I J K L M N O P Q R S T', 3)).toHaveLength(4);
  });

  it('escapes the texts it draws and shows the city, never a date in one language', () => {
    const svg = posterSvg(input);
    expect(svg).toContain('&#60;CONVIDADOS&#62;');
    expect(svg).toContain('&#38;');
    expect(svg).not.toContain('<Convidados>');
    // Issue 13: English pages showed '14 MAR 2027' in Portuguese; the page prints the date instead.
    expect(svg).not.toMatch(/\b(JAN|FEV|MAR|ABR|MAI|JUN|JUL|AGO|SET|OUT|NOV|DEZ)\b/);
    expect(svg).not.toContain('2027');
    expect(svg).toContain('RIO DE JANEIRO · RJ');
  });

  it('shrinks the title so its longest line fits the poster', () => {
    const size = (name: string) =>
      Number(/font-size="(\d+)" font-weight="800"/.exec(posterSvg({ ...input, name }))![1]);
    expect(size('Show')).toBe(60);
    expect(size('Noite do Samba') * 14 * 0.68).toBeLessThanOrEqual(504);
  });
});
