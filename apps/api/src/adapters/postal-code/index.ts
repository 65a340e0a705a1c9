import type { TConfig } from '../../config.ts';
import { cachePostalCodes } from './cached.ts';
import { createLocalPostalCodes } from './local.ts';
import type { TPostalCodeLookup } from './postal-code.ts';
import { createViaCep } from './viacep.ts';

export type { TPostalAddress, TPostalCodeLookup } from './postal-code.ts';

export function createPostalCodes(config: TConfig): TPostalCodeLookup {
  if (config.POSTAL_CODE_PROVIDER === 'viacep') return cachePostalCodes(createViaCep(config.VIACEP_URL));
  return createLocalPostalCodes();
}
