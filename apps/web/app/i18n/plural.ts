import type { TTranslate } from './format.ts';
import type { TMessageKey } from './pt-BR.ts';

/** Keys that come in a '.one' and an '.other' form. */
type TPluralBase = {
  [K in TMessageKey]: K extends `${infer B}.one` ? (`${B}.other` extends TMessageKey ? B : never) : never;
}[TMessageKey];

/**
 * A counted message in the language's own plural rule ('1 ingresso', '2 ingressos'), never '(s)'.
 * Intl.PluralRules answers 'one' or 'other' for pt and en; any other category reads as 'other'.
 */
const rules = new Map<string, Intl.PluralRules>();

/** Which form of a counted phrase the language's rule picks (Portuguese 'many' reads as other). */
export function pluralKey(locale: string, base: TPluralBase, count: number): TMessageKey {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return `${base}.${rule.select(count) === 'one' ? 'one' : 'other'}` as TMessageKey;
}

export function plural(t: TTranslate, locale: string, base: TPluralBase, count: number, vars = {}) {
  return t(pluralKey(locale, base, count), { count, ...vars });
}
