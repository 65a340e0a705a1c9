import { createHash } from 'node:crypto';
import {
  normaliseEmail,
  normaliseExternalId,
  normaliseNameParts,
  normalisePhone,
} from '@ingressos/domain/tracking';
import type { TServerEvent } from '../../adapters/tracking/index.ts';

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
const hashed = (value: string) => (value ? [sha256(value)] : undefined);

/** The account fields a pixel event may carry, hashed: nothing else of the buyer leaves. */
export type TTrackedPerson = {
  email: string;
  ddiPhone: string;
  phone: string;
  name: string;
  document: string;
  nationality: number;
};

/**
 * The customer information of a server event, each identifier normalised as the Conversions API
 * documents and hashed with SHA-256 (hex); the IP address and user agent go as they are, as the
 * documentation requires.
 */
export function hashUserData(
  person: TTrackedPerson | null,
  client: { ip: string; userAgent: string | undefined },
): TServerEvent['user_data'] {
  const data: TServerEvent['user_data'] = {};
  if (person) {
    const { fn, ln } = normaliseNameParts(person.name);
    Object.assign(data, {
      em: hashed(normaliseEmail(person.email)),
      ph: hashed(normalisePhone(person.ddiPhone, person.phone)),
      fn: hashed(fn),
      ln: hashed(ln),
      external_id: hashed(normaliseExternalId(person.document)),
      // Brazilians (nationality 0) are in Brazil; a foreigner's country is not known.
      country: person.nationality === 0 ? hashed('br') : undefined,
    });
  }
  if (client.ip && client.ip !== 'unknown') data.client_ip_address = client.ip;
  if (client.userAgent) data.client_user_agent = client.userAgent.slice(0, 512);
  for (const key of Object.keys(data) as (keyof typeof data)[]) if (data[key] === undefined) delete data[key];
  return data;
}
