import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { pdfDrawing, pdfWords } from '../../testing/pdf-text.ts';
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

const drawing = pdfDrawing;

describe('the tickets PDF', () => {
  it('is the PDF pdfkit makes with its own fonts, byte for byte, though each font is parsed once (issue 37)', async () => {
    const createdAt = new Date('2026-11-30T12:00:00Z');
    const tickets = [
      TICKET,
      { ...TICKET, placeAlias: 'Mesa 12', halfPrice: 'MEIA-ENTRADA · Estudante', qr: null },
    ];
    const own = await ticketsPdf(tickets, { createdAt, pdfkitFonts: true });
    // Twice: the second document reuses the fonts the first one parsed.
    for (let run = 0; run < 2; run += 1)
      expect((await ticketsPdf(tickets, { createdAt })).equals(own)).toBe(true);
    expect(pdfWords(own)).toContain('Titular: Ana Souza');
  });
  it('draws each ticket’s QR module for module as the code of its text, with a quiet zone of 4', async () => {
    const pdf = await ticketsPdf([TICKET]);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // Level M, the signed token as one byte segment, with the standard's mask pattern 0 (issue 37:
    // neither the segment optimiser nor the best of eight masks).
    const { modules } = QRCode.create([{ data: Buffer.from(TICKET.qr), mode: 'byte' }], {
      errorCorrectionLevel: 'M',
      maskPattern: 0,
    });
    const unit = 170 / (modules.size + 8);
    // One transform to the code's units (a module one unit wide, module (0, 0) at the quiet zone's
    // inner corner), then one square per run of dark modules: column, row, width, height 1.
    const content = drawing(pdf);
    const transform = content.match(/([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm\n\d+ \d+ \d+ 1 re/);
    expect(transform).not.toBeNull();
    const [scaleX, scaleY, left] = transform!.slice(1, 4).map(Number);
    expect(scaleX).toBeCloseTo(unit, 5);
    expect(scaleY).toBeCloseTo(unit, 5);
    // The top-left finder pattern starts at the quiet zone's edge, 4 modules in.
    expect(left).toBeCloseTo(62 + 4 * unit, 5);
    const drawn = Array.from({ length: modules.size }, () => new Array<boolean>(modules.size).fill(false));
    for (const [, col, row, width] of content.matchAll(/(\d+) (\d+) (\d+) 1 re/g))
      for (let at = Number(col); at < Number(col) + Number(width); at += 1) drawn[Number(row)]![at] = true;
    const expected = Array.from({ length: modules.size }, (_, row) =>
      Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))),
    );
    expect(drawn).toEqual(expected);
  });
});

describe('the tickets PDF of a rotating-only event (issue 35)', () => {
  it('draws no QR, says to show the ticket in the app/site, and carries no code', async () => {
    const pdf = await ticketsPdf([{ ...TICKET, qr: null }]);
    const ops = drawing(pdf);
    // Not one QR module: the only rectangles are the box's rounded outline (curves, not `re`).
    expect(ops).not.toMatch(/ re\b/);
    const words = pdfWords(pdf);
    expect(words).toContain('apresente o ingresso no app/site');
    expect(words).toContain('Titular: Ana Souza');
    expect(pdf.toString('latin1')).not.toContain('BLT');
  });

  it('keeps the static QR of a printable event beside a rotating-only one in the same file', async () => {
    const pdf = await ticketsPdf([{ ...TICKET, qr: null }, TICKET]);
    expect(drawing(pdf)).toMatch(/ re\b/);
    expect(pdfWords(pdf)).toContain('apresente o ingresso no app/site');
  });
});
