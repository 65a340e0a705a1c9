import { z } from 'zod';

/** The kinds of environment variable config.ts and the gateways' settings (adapters/payments/<kind>/settings.ts) share. */
export const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const url = z.url({ message: 'must be an absolute URL (http:// or https://)' });
