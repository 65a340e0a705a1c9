import type { TCatalogImportInput } from '@ingressos/contracts';
import { isoInZone } from '../catalogue/iso-in-zone.ts';

type TEventInput = TCatalogImportInput['events'][number];
type TSectionInput = TEventInput['sections'][number];
type TLotInput = TSectionInput['tickets'][number]['lots'][number];

/** `YYYY-MM-DD` of `today + days` on Brasília's calendar (Brazil keeps no daylight saving time). */
function dayFrom(today: Date, days: number): string {
  const shifted = new Date(today.getTime() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(shifted);
}

const at = (today: Date, days: number, hour = '21:00') => `${dayFrom(today, days)}T${hour}:00-03:00`;

function lots(prices: number[], quantity: number, fee = 10): TLotInput[] {
  return prices.map((price, i) => ({
    number: i + 1,
    price,
    convenienceFeePercent: price === 0 ? 0 : fee,
    quantity,
  }));
}

/** Full price and the legal half price (meia-entrada) of one section. */
function fullAndHalf(prices: number[], quantity: number, fee = 10) {
  return [
    { name: 'Inteira', lots: lots(prices, quantity, fee), ticketsPerCpf: 4 },
    {
      name: 'Meia-entrada',
      lots: lots(
        prices.map((p) => p / 2),
        Math.round(quantity / 2),
        fee,
      ),
      ticketsPerCpf: 2,
      onlineNote: 'Apresente documento que comprove o direito à meia-entrada na entrada do evento.',
    },
  ];
}

function theatreSeats(rows: string[], perRow: number, top: number) {
  return rows.flatMap((row, r) =>
    Array.from({ length: perRow }, (_, i) => ({
      kind: 'seat' as const,
      alias: `${row}${i + 1}`,
      row,
      number: i + 1,
      // A centre aisle splits each row in two.
      x: 40 + i * 30 + (i >= perRow / 2 ? 30 : 0),
      y: top + r * 32,
    })),
  );
}

function tables(count: number, perRow: number, seats: number) {
  return Array.from({ length: count }, (_, i) => ({
    kind: 'table' as const,
    alias: `M${i + 1}`,
    tableNumber: i + 1,
    seats,
    x: 80 + (i % perRow) * 110,
    y: 120 + Math.floor(i / perRow) * 110,
  }));
}

const tourStops = [
  {
    city: 'Recife',
    state: 'PE',
    venue: 'Classic Hall',
    address: 'Av. Gov. Agamenon Magalhães',
    number: '2500',
    district: 'Salgadinho',
    cep: '53110-000',
  },
  {
    city: 'Salvador',
    state: 'BA',
    venue: 'Concha Acústica do Teatro Castro Alves',
    address: 'Praça Dois de Julho',
    number: 's/n',
    district: 'Campo Grande',
    cep: '40080-121',
  },
  {
    city: 'Fortaleza',
    state: 'CE',
    venue: 'Centro de Eventos do Ceará',
    address: 'Av. Washington Soares',
    number: '999',
    district: 'Edson Queiroz',
    cep: '60811-341',
  },
  {
    city: 'Belo Horizonte',
    state: 'MG',
    venue: 'Mineirinho',
    address: 'Av. Antônio Abrahão Caram',
    number: '1000',
    district: 'São José',
    cep: '31275-000',
  },
] as const;

/** The first digits that open the demo's exclusive pre-sale (a made-up BIN, for trying the pop-up). */
export const DEMO_EXCLUSIVE_BIN = '123456';

export const DEMO_SLUGS = {
  festival: 'festival-sons-do-cerrado',
  theatre: 'o-auto-da-compadecida-teatro-renault',
  samba: 'noite-do-samba-de-raiz-lapa',
  stadium: 'banda-horizonte-allianz-parque',
  exclusive: 'pre-venda-cooperados-acustico-porto-alegre',
  usd: 'rio-carnival-experience-sambadrome',
  free: 'concerto-gratuito-orquestra-curitiba',
  past: 'reveillon-farol-da-barra-salvador',
  group: 'turne-raizes-do-nordeste',
  queue: 'estrelas-do-pop-arena-rio',
} as const;

/**
 * Coupons the demo starts with (README "Demo data"), so the cart's coupon field has something to
 * apply: a few uses each, so the line split of spec §5 shows with a small cart. BILHETO10 is on the
 * festival and the stadium show, SAMBA20 on the samba night.
 */
export const DEMO_COUPONS = {
  bilheto10: { code: 'BILHETO10', kind: 'percent', percent: 10, quantity: 2 },
  samba20: { code: 'SAMBA20', kind: 'fixed', amount: 20, quantity: 8 },
} as const;

/** Issue 19: the demo's queued event opens this long after the demo catalogue is loaded. */
export const DEMO_QUEUE_OPENS_AFTER_MS = 3 * 60_000;

/** The demo's authorised resellers (commerce §6): open `/?id=<hash>` to enter commissioner mode. */
export const DEMO_COMMISSIONERS = {
  active: { hash: 'ponto-cerrado-2027', name: 'Ponto Cerrado Ingressos' },
  inactive: { hash: 'revenda-encerrada-01', name: 'Revenda Encerrada' },
} as const;

/**
 * The demo catalogue, dated from `today` so its events are always ahead when it is loaded. It goes
 * through the same importer as any producer's file.
 */
export function demoCatalogue(today: Date): TCatalogImportInput {
  const events: TEventInput[] = [
    {
      slug: DEMO_SLUGS.festival,
      name: 'Festival Sons do Cerrado',
      description:
        'Dois palcos, quinze atrações e o pôr do sol mais bonito do Planalto Central. Rock, MPB, rap e música eletrônica do meio-dia à meia-noite.',
      category: 'festival',
      ageRating: '16',
      startsAt: at(today, 30, '12:00'),
      producer: 'Cerrado Produções Culturais',
      venue: {
        name: 'Arena BRB Mané Garrincha',
        address: 'SRPN Estádio Nacional',
        number: 's/n',
        district: 'Asa Norte',
        city: 'Brasília',
        state: 'DF',
        postalCode: '70070-701',
      },
      featured: true,
      maxTicketsPerCart: 6,
      refundService: { site: { active: true, percent: 8 }, commissioner: { active: true, percent: 5 } },
      sendPixel: true,
      coupons: [DEMO_COUPONS.bilheto10],
      sections: [
        { name: 'Pista', maxQtd: 6, tickets: fullAndHalf([180, 220, 260], 400) },
        {
          name: 'Camarote Open Bar',
          maxQtd: 4,
          tickets: [{ name: 'Camarote', lots: lots([480, 560], 120, 12), ticketsPerCpf: 2 }],
        },
      ],
    },
    {
      slug: DEMO_SLUGS.theatre,
      name: 'O Auto da Compadecida',
      description:
        'A comédia de Ariano Suassuna em nova montagem, com João Grilo e Chicó atravessando o sertão entre malandragens e milagres. Lugares marcados.',
      category: 'teatro',
      ageRating: '12',
      startsAt: at(today, 12, '20:00'),
      producer: 'Companhia Paulista de Comédia',
      venue: {
        name: 'Teatro Renault',
        address: 'Av. Brigadeiro Luís Antônio',
        number: '411',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '01317-000',
      },
      featured: true,
      sellingPoints: [
        {
          name: 'Bilheteria do Teatro Renault',
          address: 'Av. Brigadeiro Luís Antônio, 411',
          city: 'São Paulo',
          state: 'SP',
          openingHours: 'Ter. a dom., das 12h às 20h',
        },
      ],
      sections: [
        {
          name: 'Plateia',
          maxQtd: 6,
          tickets: fullAndHalf([180], 160),
          places: theatreSeats(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'], 16, 100),
        },
        {
          name: 'Balcão',
          maxQtd: 6,
          tickets: fullAndHalf([120], 48),
          places: theatreSeats(['K', 'L', 'M', 'N'], 12, 470).map((p) => ({ ...p, x: p.x + 60 })),
        },
      ],
    },
    {
      slug: DEMO_SLUGS.samba,
      name: 'Noite do Samba de Raiz',
      description:
        'Roda de samba com a velha guarda e convidados, feijoada e chope gelado. Mesas para quatro pessoas vendidas inteiras, lugares avulsos em mesas compartilhadas, ou pista para quem vai sambar.',
      category: 'samba',
      ageRating: '18',
      startsAt: at(today, 9, '22:00'),
      producer: 'Lapa Cultural Eventos',
      venue: {
        name: 'Circo Voador',
        address: 'Rua dos Arcos',
        number: 's/n',
        district: 'Lapa',
        city: 'Rio de Janeiro',
        state: 'RJ',
        postalCode: '20230-060',
      },
      posterTheme: 'carnival',
      coupons: [DEMO_COUPONS.samba20],
      sections: [
        { name: 'Pista', maxQtd: 8, tickets: [{ name: 'Pista', lots: lots([60, 80], 300) }] },
        {
          name: 'Mesas',
          minQtd: 4,
          maxQtd: 4,
          bookAsAWhole: true,
          tickets: [{ name: 'Lugar na mesa', lots: lots([90], 80) }],
          places: tables(20, 5, 4),
        },
        {
          // Issue 31: open tables, sold seat by seat; a buyer takes at least three of one.
          name: 'Mesas compartilhadas',
          minQtd: 1,
          maxQtd: 6,
          tickets: [{ name: 'Lugar avulso', lots: lots([70], 30) }],
          places: tables(5, 5, 6).map((table, i) => ({
            ...table,
            alias: `C${i + 1}`,
            tableNumber: 21 + i,
            minSeats: 3,
            y: table.y + 470,
          })),
        },
      ],
    },
    {
      slug: DEMO_SLUGS.stadium,
      name: 'Banda Horizonte — Turnê Céu Aberto',
      description:
        'O maior show da banda em São Paulo, com palco 360°. Entrada por reconhecimento facial: cadastre sua biometria no app antes do dia do show.',
      category: 'show',
      ageRating: '14',
      startsAt: at(today, 45, '20:30'),
      producer: 'Horizonte Entretenimento',
      venue: {
        name: 'Allianz Parque',
        address: 'Av. Francisco Matarazzo',
        number: '1705',
        district: 'Água Branca',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '05001-200',
      },
      featured: true,
      facial: { active: true, validation: true },
      maxTicketsPerCart: 4,
      refundService: { site: { active: true, percent: 10 } },
      coupons: [DEMO_COUPONS.bilheto10],
      sections: [
        { name: 'Pista', maxQtd: 4, tickets: fullAndHalf([290, 340], 2_000, 15) },
        {
          name: 'Pista Premium',
          maxQtd: 4,
          tickets: [
            { name: 'Inteira', lots: lots([650], 500, 15), facialAtMomentOfPurchase: true, ticketsPerCpf: 2 },
          ],
        },
        { name: 'Cadeira Inferior', maxQtd: 4, tickets: fullAndHalf([420], 1_200, 15) },
        { name: 'Cadeira Superior', maxQtd: 4, tickets: fullAndHalf([250], 1_500, 15) },
      ],
    },
    {
      slug: DEMO_SLUGS.exclusive,
      name: 'Acústico no Araújo Vianna — Pré-venda para cooperados',
      description:
        'Pré-venda exclusiva para portadores do cartão da cooperativa parceira: informe os seis primeiros dígitos do cartão para liberar a compra.',
      category: 'show',
      startsAt: at(today, 20),
      producer: 'Sul Sonoro Produções',
      venue: {
        name: 'Auditório Araújo Vianna',
        address: 'Av. Osvaldo Aranha',
        number: '685',
        district: 'Bom Fim',
        city: 'Porto Alegre',
        state: 'RS',
        postalCode: '90035-191',
      },
      // The demo's test BIN (README "Demo data"): cards starting 123456 have the pre-sale.
      exclusiveAccess: [
        { type: 'cooperativeCard', name: 'Cartão Cooperativo', binPrefixes: [DEMO_EXCLUSIVE_BIN] },
      ],
      sections: [{ name: 'Plateia', tickets: fullAndHalf([140], 600) }],
    },
    {
      slug: DEMO_SLUGS.usd,
      name: 'Rio Carnival Experience — Sambadrome Night',
      description:
        'A guided night at the Sambadrome for foreign visitors: samba school rehearsal, costume workshop and hotel transfer. Prices in US dollars; passport required.',
      category: 'samba',
      startsAt: at(today, 60, '19:00'),
      currency: 'USD',
      docType: 'ESTRANGEIRO',
      producer: 'Rio Experiences Turismo',
      venue: {
        name: 'Sambódromo da Marquês de Sapucaí',
        address: 'Rua Marquês de Sapucaí',
        number: 's/n',
        district: 'Santo Cristo',
        city: 'Rio de Janeiro',
        state: 'RJ',
        postalCode: '20220-007',
      },
      sections: [
        { name: 'Experience', maxQtd: 6, tickets: [{ name: 'Standard', lots: lots([45], 200, 8) }] },
        { name: 'VIP Box', maxQtd: 4, tickets: [{ name: 'VIP with open bar', lots: lots([120], 60, 8) }] },
      ],
    },
    {
      slug: DEMO_SLUGS.free,
      name: 'Concerto Gratuito da Orquestra à Pedreira',
      description:
        'A orquestra sinfônica toca trilhas de cinema ao ar livre. Entrada gratuita mediante retirada de ingresso: até dois por CPF.',
      category: 'show',
      startsAt: at(today, 5, '17:00'),
      producer: 'Fundação Cultural de Curitiba',
      venue: {
        name: 'Pedreira Paulo Leminski',
        address: 'Rua João Gava',
        number: '970',
        district: 'Abranches',
        city: 'Curitiba',
        state: 'PR',
        postalCode: '82130-010',
      },
      maxTicketsPerCart: 2,
      sections: [
        {
          name: 'Gramado',
          maxQtd: 2,
          tickets: [{ name: 'Gratuito', lots: lots([0], 5_000), ticketsPerCpf: 2 }],
        },
      ],
    },
    {
      // Issue 19: the waiting room. Sales open a few minutes after the demo starts: whoever opens
      // the event before then waits in the queue, drawn at random at the opening.
      slug: DEMO_SLUGS.queue,
      name: 'Estrelas do Pop',
      description:
        'Os maiores nomes do pop nacional numa noite só. Alta procura: as vendas passam por uma fila de espera.',
      category: 'show',
      ageRating: '14',
      startsAt: at(today, 45),
      producer: 'Arena Pop Produções',
      venue: {
        name: 'Arena Pop Rio',
        address: 'Av. Embaixador Abelardo Bueno',
        number: '3401',
        district: 'Barra da Tijuca',
        city: 'Rio de Janeiro',
        state: 'RJ',
        postalCode: '22775-040',
      },
      posterTheme: 'night',
      // With its offset on the venue's clock, as an export writes it (the round trip compares them).
      onSaleAt: isoInZone(new Date(today.getTime() + DEMO_QUEUE_OPENS_AFTER_MS), 'America/Sao_Paulo'),
      queue: { enabled: true, ratePerMinute: 30 },
      sections: [{ name: 'Pista', tickets: fullAndHalf([180], 2_000) }],
    },
    {
      slug: 'riso-solto-stand-up-curitiba',
      name: 'Riso Solto — Stand-up Comedy',
      description:
        'Quatro comediantes, um microfone e nenhuma piada repetida. Humor para maiores de 16 anos.',
      category: 'stand-up',
      ageRating: '16',
      startsAt: at(today, 7),
      producer: 'Riso Solto Produções',
      venue: {
        name: 'Teatro Guaíra — Guairinha',
        address: 'Rua Conselheiro Laurindo',
        number: '175',
        district: 'Centro',
        city: 'Curitiba',
        state: 'PR',
        postalCode: '80060-100',
      },
      sections: [{ name: 'Plateia', tickets: fullAndHalf([90], 300) }],
    },
    {
      slug: 'noite-de-jazz-bourbon-street',
      name: 'Noite de Jazz com Quarteto Paulistano',
      description: 'Standards de jazz e bossa nova em clima de clube, com jantar opcional.',
      category: 'show',
      startsAt: at(today, 16, '21:30'),
      producer: 'Bourbon Street Music Club',
      venue: {
        name: 'Bourbon Street Music Club',
        address: 'Rua dos Chanés',
        number: '127',
        district: 'Moema',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '04087-030',
      },
      sections: [{ name: 'Salão', maxQtd: 6, tickets: fullAndHalf([150], 250) }],
    },
    {
      slug: 'o-pequeno-principe-infantil-bh',
      name: 'O Pequeno Príncipe — Musical Infantil',
      description: 'O clássico de Saint-Exupéry em musical para toda a família, com bonecos e projeções.',
      category: 'infantil',
      startsAt: at(today, 14, '16:00'),
      producer: 'Trupe Estrela Cia. de Teatro',
      venue: {
        name: 'Palácio das Artes',
        address: 'Av. Afonso Pena',
        number: '1537',
        district: 'Centro',
        city: 'Belo Horizonte',
        state: 'MG',
        postalCode: '30130-004',
      },
      sections: [{ name: 'Plateia', tickets: fullAndHalf([80], 400) }],
    },
    {
      slug: 'final-paulista-de-volei-campinas',
      name: 'Final do Campeonato Paulista de Vôlei',
      description: 'A decisão do estadual feminino, jogo único. Portões abertos duas horas antes.',
      category: 'esporte',
      startsAt: at(today, 25, '19:00'),
      producer: 'Federação Paulista de Vôlei',
      venue: {
        name: 'Ginásio do Taquaral',
        address: 'Av. Heitor Penteado',
        number: 's/n',
        district: 'Taquaral',
        city: 'Campinas',
        state: 'SP',
        postalCode: '13087-000',
      },
      sections: [{ name: 'Arquibancada', maxQtd: 6, tickets: fullAndHalf([50], 3_000, 8) }],
    },
    ...tourStops.map(
      (stop, i): TEventInput => ({
        slug: `raizes-do-nordeste-${stop.city
          .normalize('NFD')
          .replace(/\p{M}/gu, '')
          .toLowerCase()
          .replace(/\s+/g, '-')}`,
        name: `Raízes do Nordeste — ${stop.city}`,
        description:
          'Forró, xote e baião com o Trio Mandacaru e convidados: a turnê que atravessa o Nordeste e chega a Minas.',
        category: 'show',
        startsAt: at(today, 15 + i * 7, '21:00'),
        producer: 'Mandacaru Produções',
        venue: {
          name: stop.venue,
          address: stop.address,
          number: stop.number,
          district: stop.district,
          city: stop.city,
          state: stop.state,
          postalCode: stop.cep,
        },
        group: DEMO_SLUGS.group,
        posterTheme: 'sunset',
        sections: [{ name: 'Pista', tickets: fullAndHalf([100, 130], 800) }],
      }),
    ),
    {
      slug: DEMO_SLUGS.past,
      name: 'Réveillon no Farol da Barra',
      description: 'A virada do ano com queima de fogos e trio elétrico à beira-mar.',
      category: 'show',
      startsAt: at(today, -40, '22:00'),
      producer: 'Axé Prime Eventos',
      venue: {
        name: 'Farol da Barra',
        address: 'Av. Oceânica',
        number: 's/n',
        district: 'Barra',
        city: 'Salvador',
        state: 'BA',
        postalCode: '40140-130',
      },
      sections: [{ name: 'Área VIP', tickets: fullAndHalf([200], 500) }],
    },
  ];
  return {
    groups: [
      {
        slug: DEMO_SLUGS.group,
        name: 'Turnê Raízes do Nordeste',
        description: 'Quatro cidades, um mesmo arrasta-pé: Recife, Salvador, Fortaleza e Belo Horizonte.',
        posterTheme: 'sunset',
      },
    ],
    events,
    commissioners: [
      {
        ...DEMO_COMMISSIONERS.active,
        events: [
          DEMO_SLUGS.festival,
          DEMO_SLUGS.theatre,
          DEMO_SLUGS.samba,
          ...events.filter((e) => e.group === DEMO_SLUGS.group).map((e) => e.slug),
        ],
      },
      { ...DEMO_COMMISSIONERS.inactive, active: false, events: [DEMO_SLUGS.festival] },
    ],
  };
}
