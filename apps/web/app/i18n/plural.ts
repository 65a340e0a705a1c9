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
export function plural(t: TTranslate, locale: string, base: TPluralBase, count: number, vars = {}) {
  const form = new Intl.PluralRules(locale).select(count) === 'one' ? 'one' : 'other';
  return t(`${base}.${form}` as TMessageKey, { count, ...vars });
}
