import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { createTranslator, formatMoney, interpolate } from './index.ts';
import { ptBR } from './pt-BR.ts';

describe('catalogues', () => {
  it('have the same keys in both languages and no empty text', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ptBR).sort());
    for (const text of [...Object.values(en), ...Object.values(ptBR)]) expect(text.trim()).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(ptBR) as (keyof typeof ptBR)[]) {
      expect(names(en[key]), key).toEqual(names(ptBR[key]));
    }
  });
});

describe('translate', () => {
  it('fills placeholders and keeps the spec texts', () => {
    expect(createTranslator('pt-BR')('header.greeting', { name: 'Ana' })).toBe('Olá, Ana');
    expect(createTranslator('en')('header.greeting', { name: 'Ana' })).toBe('Hello, Ana');
    expect(createTranslator('pt-BR')('app.validationEmail.success')).toBe('E-mail validado com sucesso.');
    expect(createTranslator('pt-BR')('app.validationEmail.failure')).toBe('Falha ao validar e-mail.');
  });

  it('leaves an unknown placeholder visible', () => {
    expect(interpolate('Oi {name} {other}', { name: 'Ana' })).toBe('Oi Ana {other}');
  });
});

describe('formatMoney', () => {
  it('writes reais and dollars in pt-BR digits, R$ and U$', () => {
    expect(formatMoney(1234.5)).toBe('R$\u00a01.234,50');
    expect(formatMoney(99.9, 'USD')).toBe('U$\u00a099,90');
  });
});
