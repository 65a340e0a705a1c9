import type { TMyEvent, TMyTicket } from '@ingressos/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { catalogFor } from '~/i18n/index.ts';
import { I18nProvider, keepMessages } from '~/ui/i18n.tsx';
import { TicketCard } from './ticket-card.tsx';
import type { TWalletOffer } from './wallet-buttons.tsx';

keepMessages('pt-BR', '/pt-BR.json', catalogFor('pt-BR'));

const event = {
  eventId: 7,
  eventName: 'Festival Teste',
  slug: 'festival-teste',
  poster: '/p.webp',
  startsAt: '2030-05-01T22:00:00.000Z',
  timeZone: 'America/Sao_Paulo',
  date: 'quarta-feira, 1 de maio de 2030 19:00',
  place: 'Arena',
  city: 'São Paulo - SP',
  past: false,
  orders: [],
  tickets: [],
} as TMyEvent;
const ticket = (status: TMyTicket['status']) =>
  ({
    id: 'tk-1',
    orderId: 'o-1',
    unit: 0,
    sectionName: 'Pista',
    ticketName: 'Inteira',
    placeAlias: null,
    holderName: 'Ana Souza',
    holderCpf: '***.456.789-**',
    status,
    qr: 'QR',
    qrSvg: 'data:image/svg+xml;base64,AA==',
    transfer: null,
    rotating: null,
  }) as TMyTicket;

function buttons(status: TMyTicket['status'], wallet: TWalletOffer) {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <I18nProvider locale="pt-BR" href="/pt-BR.json">
        <TicketCard event={event} ticket={ticket(status)} n={1} total={1} wallet={wallet} />
      </I18nProvider>
    </MemoryRouter>,
  );
  return [...html.matchAll(/<(a|button)\b([^>]*data-testid="wallet-[^"]+"[^>]*)>(.*?)<\/\1>/g)].map((m) => ({
    text: m[3],
    href: /href="([^"]+)"/.exec(m[2]!)?.[1] ?? null,
  }));
}

describe('the wallet buttons on the ticket card (issue 36)', () => {
  it('shows the configured wallets on the holder’s usable ticket', () => {
    expect(buttons('valid', { apple: true, google: true })).toEqual([
      { text: 'Adicionar à Apple Wallet', href: '/api/tickets/tk-1/wallet/apple.pkpass' },
      { text: 'Salvar no Google Wallet', href: null },
    ]);
    expect(buttons('transferPending', { apple: false, google: true }).map((b) => b.text)).toEqual([
      'Salvar no Google Wallet',
    ]);
  });
  it('shows none when not configured, or on a ticket transferred, refunded or past', () => {
    expect(buttons('valid', { apple: false, google: false })).toEqual([]);
    expect(buttons('valid', undefined)).toEqual([]);
    for (const status of ['transferred', 'refunded', 'past'] as const)
      expect(buttons(status, { apple: true, google: true })).toEqual([]);
  });
});
