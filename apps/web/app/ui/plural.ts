import type { TMessageKey } from '~/i18n/pt-BR.ts';

type TPluralBase<K extends string> = K extends `${infer B}.one`
  ? `${B}.other` extends TMessageKey
    ? B
    : never
  : never;
/** A catalogue key with `.one` and `.other` forms, without the suffix. */
export type TPluralKey = TPluralBase<TMessageKey>;

const rules = new Map<string, Intl.PluralRules>();

/**
 * Which form of a counted phrase to use, by the language's plural rules (CLDR through
 * Intl.PluralRules): never '(s)'. Catalogues hold `.one` and `.other`; any other category
 * (Portuguese 'many' for millions) reads as `.other`.
 */
export function pluralKey(locale: string, base: TPluralKey, n: number): TMessageKey {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return `${base}.${rule.select(n) === 'one' ? 'one' : 'other'}` as TMessageKey;
}
