import { createContext, useContext } from 'react';

/**
 * The country names the server rendered a page with (its loader's `countryNames`), so the phone
 * picker hydrates with the same text; null where the picker first renders in the browser.
 */
const CountryNames = createContext<Record<string, string> | null>(null);

export const CountryNamesProvider = CountryNames.Provider;

export function useCountryNames(): Record<string, string> | null {
  return useContext(CountryNames);
}
