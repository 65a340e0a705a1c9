import type { TPostalAddress, TPostalCodeLookup } from './postal-code.ts';

/**
 * Postal codes rarely change: answers (found or not) are kept for a day, at most `max` of them,
 * the oldest dropped first. Failures are not cached.
 */
export function cachePostalCodes(
  inner: TPostalCodeLookup,
  max = 5_000,
  ttlMs = 86_400_000,
): TPostalCodeLookup {
  const cache = new Map<string, { at: number; value: TPostalAddress | null }>();
  return {
    provider: inner.provider,
    async lookup(cep) {
      const hit = cache.get(cep);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const value = await inner.lookup(cep);
      cache.delete(cep);
      cache.set(cep, { at: Date.now(), value });
      if (cache.size > max) cache.delete(cache.keys().next().value as string);
      return value;
    },
  };
}
