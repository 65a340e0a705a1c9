import { LOCALES } from '@ingressos/domain';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from './index.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the API message catalogue, one per language', () => {
  const pt = API_MESSAGES['pt-BR'];
  for (const locale of LOCALES) {
    it(`${locale} has every key of pt-BR, with text and the same placeholders`, () => {
      const problems: string[] = [];
      for (const [domain, messages] of Object.entries(pt)) {
        const translated = API_MESSAGES[locale][domain as keyof typeof pt] as Record<string, string>;
        for (const [key, text] of Object.entries(messages as Record<string, string>)) {
          const other = translated[key];
          if (typeof other !== 'string' || other.trim() === '') problems.push(`${domain}.${key} missing`);
          else if (placeholders(other).join() !== placeholders(text).join())
            problems.push(`${domain}.${key} placeholders`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
