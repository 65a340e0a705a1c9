import type { TLocale } from '@ingressos/domain';
import { en } from './en.ts';
import { ptBR, type TCatalog, type TMessageKey } from './pt-BR.ts';

export type { TMessageKey };
export type TVars = Record<string, string | number>;
export type TTranslate = (key: TMessageKey, vars?: TVars) => string;

const catalogs: Record<TLocale, TCatalog> = { 'pt-BR': ptBR, en };

/** Replaces `{name}` placeholders; an unknown placeholder stays visible so it gets noticed. */
export function interpolate(template: string, vars?: TVars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function createTranslator(locale: TLocale): TTranslate {
  const catalog = catalogs[locale];
  return (key, vars) => interpolate(catalog[key], vars);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** R$ for BRL and U$ for USD, both in pt-BR digits as the spec asks. */
export function formatMoney(value: number, currency: 'BRL' | 'USD' = 'BRL'): string {
  const key = currency;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('pt-BR', { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  const text = format.format(value);
  return currency === 'USD' ? text.replace('US$', 'U$') : text;
}

export function formatDate(
  value: Date | string,
  locale: TLocale,
  options?: Intl.DateTimeFormatOptions,
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(locale, { timeZone: 'America/Sao_Paulo', ...options }).format(date);
}
