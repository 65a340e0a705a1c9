import { maskBrazilianPhone, PHONE_MAX } from '@ingressos/domain/phone';
import { AsYouType, type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/min';

export type TCountry = { id: CountryCode; name: string; ddi: string; flag: string; maxLength: number };

/** The countries offered first in the picker (spec: the 11 most used), Brazil the default. */
export const TOP_COUNTRIES: readonly CountryCode[] = [
  'BR',
  'AR',
  'US',
  'PT',
  'CL',
  'UY',
  'PY',
  'CO',
  'MX',
  'ES',
  'IT',
];
export const DEFAULT_COUNTRY: CountryCode = 'BR';

/** Regional-indicator letters: 'BR' becomes the Brazilian flag emoji. */
const flagOf = (id: string) => String.fromCodePoint(...[...id].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));

/**
 * Every country's name in `locale`, as this runtime's ICU says it. The server's and the browser's
 * ICU disagree on some ('Hong Kong, RAE da China' against 'Hong Kong'), so a server-rendered picker
 * takes the server's names with its data and hydrates with the same text.
 */
export function countryNames(locale: string): Record<string, string> {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return Object.fromEntries(getCountries().map((id) => [id, names.of(id) ?? id]));
}

/** Every country libphonenumber-js knows, named in the page language; the top ones first. */
export function listCountries(
  locale: string,
  names: Record<string, string> = countryNames(locale),
): { top: TCountry[]; all: TCountry[] } {
  const all = getCountries()
    .map((id) => {
      const ddi = `+${getCountryCallingCode(id)}`;
      // Brazil: area code and 8 or 9 digits; elsewhere E.164's 15 digits, dial code included.
      const maxLength = id === 'BR' ? 11 : PHONE_MAX - (ddi.length - 1);
      return { id, name: names[id] ?? id, ddi, flag: flagOf(id), maxLength };
    })
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  const top = TOP_COUNTRIES.map((id) => all.find((c) => c.id === id)).filter((c): c is TCountry =>
    Boolean(c),
  );
  return { top, all };
}

/** The first country with a dial code (+1 is the United States), for accounts saved with only the code. */
export function countryOfDdi(ddi: string): CountryCode {
  if (ddi === '+1') return 'US';
  if (ddi === '+55') return 'BR';
  return getCountries().find((id) => `+${getCountryCallingCode(id)}` === ddi) ?? DEFAULT_COUNTRY;
}

/** The number as that country writes it: Brazil's (DD) 99999-9999, others as libphonenumber formats them. */
export function formatPhone(digits: string, country: CountryCode): string {
  if (country === 'BR') return maskBrazilianPhone(digits);
  return digits ? new AsYouType(country).input(digits) : '';
}
