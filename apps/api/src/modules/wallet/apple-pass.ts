import { PKPass } from 'passkit-generator';
import sharp from 'sharp';
import type { TPassFacts } from './pass-facts.ts';
import type { TAppleWallet } from './settings.ts';

let icons: Promise<Record<string, Buffer>> | undefined;
/** The pass's icon (required by Wallet) at 1x and 2x: the brand's colour square. */
function passIcons() {
  icons ??= Promise.all(
    [29, 58].map((size) =>
      sharp({ create: { width: size, height: size, channels: 3, background: '#5b21b6' } })
        .png()
        .toBuffer(),
    ),
  ).then(([one, two]) => ({ 'icon.png': one!, 'icon@2x.png': two! }));
  return icons;
}

/**
 * The signed .pkpass of a ticket (an eventTicket): event, date, venue, sector, holder, and the
 * static QR unless the event's mode is `rotating`; `voided` once transferred or refunded.
 */
export async function applePass(apple: TAppleWallet, facts: TPassFacts, brand: string): Promise<Buffer> {
  const pass = new PKPass(
    await passIcons(),
    {
      wwdr: apple.wwdr,
      signerCert: apple.cert,
      signerKey: apple.key,
      ...(apple.passphrase ? { signerKeyPassphrase: apple.passphrase } : {}),
    },
    {
      formatVersion: 1,
      passTypeIdentifier: apple.passTypeId,
      teamIdentifier: apple.teamId,
      serialNumber: facts.serial,
      organizationName: brand,
      description: `${brand}: ${facts.eventName}`,
      webServiceURL: apple.webServiceUrl,
      authenticationToken: facts.authToken,
      backgroundColor: 'rgb(91, 33, 182)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(221, 214, 254)',
      voided: facts.voided,
    },
  );
  pass.type = 'eventTicket';
  const date = new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: facts.timeZone,
  }).format(facts.startsAt);
  pass.primaryFields.push({ key: 'event', label: 'Evento', value: facts.eventName });
  pass.secondaryFields.push(
    { key: 'date', label: 'Data', value: date },
    { key: 'venue', label: 'Local', value: facts.venue },
  );
  pass.auxiliaryFields.push(
    { key: 'sector', label: 'Setor', value: facts.sector },
    { key: 'holder', label: 'Titular', value: facts.holder },
  );
  pass.backFields.push(
    { key: 'startsAt', label: 'Início', value: facts.startsAt.toISOString(), dateStyle: 'PKDateStyleFull' },
    { key: 'city', label: 'Cidade', value: facts.city },
    { key: 'ticket', label: 'Ingresso', value: facts.ticketName },
    {
      key: 'code',
      label: 'Código',
      value: facts.voided
        ? 'Este ingresso foi transferido ou reembolsado: não vale mais.'
        : facts.barcode
          ? 'QR Code abaixo.'
          : 'Este evento usa QR Code dinâmico: abra o ingresso no app ou no site para entrar.',
    },
  );
  pass.setRelevantDate(facts.startsAt);
  if (facts.barcode)
    pass.setBarcodes({ message: facts.barcode, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1' });
  return pass.getAsBuffer();
}
