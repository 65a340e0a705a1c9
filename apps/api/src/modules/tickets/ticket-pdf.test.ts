import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { ticketsPdf } from './ticket-pdf.ts';

const TICKET = {
  eventName: 'Festival de Verão',
  date: 'sáb., 12 de dezembro de 2026, 20:00',
  place: 'Allianz Parque, São Paulo',
  sectionName: 'Pista',
  ticketName: 'Inteira',
  placeAlias: null,
  holder: 'Ana Souza',
  orderId: '1042',
  qr: 'BLT1.8f3k2m9q7x.c1a2b3c4d5e6f708',
};

/** The page's drawing operators: each Flate stream of the file, inflated. */
function drawing(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // not a Flate stream (a font's own data)
    }
  }
  return out.join('\n');
}

describe('the tickets PDF', () => {
  it('draws each ticket’s QR module for module as the code of its text, with a quiet zone of 4', async () => {
    const pdf = await ticketsPdf([TICKET]);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const { modules } = QRCode.create(TICKET.qr, { errorCorrectionLevel: 'M' });
    const unit = 170 / (modules.size + 8);
    const drawn = Array.from({ length: modules.size }, () => new Array<boolean>(modules.size).fill(false));
    const rects = [...drawing(pdf).matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)].map((m) =>
      m.slice(1, 5).map(Number),
    );
    const top = Math.min(...rects.map(([, y]) => y!));
    for (const [x, y, w] of rects) {
      const row = Math.round((y! - top) / unit);
      const first = Math.round((x! - 62) / unit) - 4;
      for (let col = first; col < first + Math.round(w! / unit); col += 1) drawn[row]![col] = true;
    }
    // The top-left finder pattern starts at the quiet zone's edge, 4 modules in.
    expect(Math.min(...rects.map(([x]) => x!))).toBeCloseTo(62 + 4 * unit, 2);
    const expected = Array.from({ length: modules.size }, (_, row) =>
      Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))),
    );
    expect(drawn).toEqual(expected);
  });
});
