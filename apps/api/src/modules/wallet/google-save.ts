import { GoogleAuth } from 'google-auth-library';
import type { TPassFacts } from './pass-facts.ts';
import type { TGoogleWallet } from './settings.ts';

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Google's object id: `<issuer>.<serial>` (letters, digits, '.', '_', '-'). */
export const googleObjectId = (google: TGoogleWallet, serial: string) => `${google.issuerId}.${serial}`;

/**
 * The ticket's eventTicketObject (its class `<issuer>.event-<ticket's event>` is carried inline as
 * `eventTicketClasses`). Mode `rotating` carries no barcode: Google's rotatingBarcode draws TOTP
 * values from a timestamp, and our code needs the step number besides (docs/wallet.md).
 */
export function eventTicketObject(google: TGoogleWallet, facts: TPassFacts) {
  return {
    id: googleObjectId(google, facts.serial),
    classId: `${google.issuerId}.event-${facts.eventId}`,
    state: facts.voided ? 'EXPIRED' : 'ACTIVE',
    ticketHolderName: facts.holder,
    seatInfo: { section: { defaultValue: { language: 'pt-BR', value: facts.sector } } },
    ticketType: { defaultValue: { language: 'pt-BR', value: facts.ticketName } },
    ...(facts.barcode ? { barcode: { type: 'QR_CODE', value: facts.barcode } } : {}),
  };
}

export function eventTicketClass(google: TGoogleWallet, facts: TPassFacts, brand: string) {
  return {
    id: `${google.issuerId}.event-${facts.eventId}`,
    issuerName: brand,
    reviewStatus: 'UNDER_REVIEW',
    eventName: { defaultValue: { language: 'pt-BR', value: facts.eventName } },
    venue: {
      name: { defaultValue: { language: 'pt-BR', value: facts.venue } },
      address: { defaultValue: { language: 'pt-BR', value: facts.city } },
    },
    dateTime: { start: facts.startsAt.toISOString() },
  };
}

/**
 * The 'Salvar no Google Wallet' link: an RS256 JWT ("typ": "savetowallet") signed with the service
 * account's key through google-auth-library.
 */
export async function googleSaveLink(google: TGoogleWallet, facts: TPassFacts, brand: string) {
  const header = {
    alg: 'RS256',
    typ: 'JWT',
    ...(google.account.private_key_id ? { kid: google.account.private_key_id } : {}),
  };
  const claims = {
    iss: google.account.client_email,
    aud: 'google',
    typ: 'savetowallet',
    iat: Math.floor(Date.now() / 1000),
    origins: [google.origin],
    payload: {
      eventTicketClasses: [eventTicketClass(google, facts, brand)],
      eventTicketObjects: [eventTicketObject(google, facts)],
    },
  };
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  const auth = new GoogleAuth({ credentials: google.account });
  const signature = Buffer.from(await auth.sign(input), 'base64').toString('base64url');
  const jwt = `${input}.${signature}`;
  return { jwt, url: `https://pay.google.com/gp/v/save/${jwt}` };
}
