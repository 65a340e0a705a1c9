import PDFDocument from 'pdfkit';
import QRCode, { type QRCodeSegment } from 'qrcode';

export type TPdfTicket = {
  eventName: string;
  date: string;
  place: string;
  sectionName: string;
  ticketName: string;
  placeAlias: string | null;
  holder: string;
  /** Issue 36: 'MEIA-ENTRADA · Estudante' on a half-price ticket (halfPriceLabel), else absent or null. */
  halfPrice?: string | null;
  orderId: string;
  /**
   * The static signed QR; null for an event whose mode is `rotating` (issue 35): the page then says
   * to show the ticket in the app/site, and carries no code at all (a copy of it would enter).
   */
  qr: string | null;
};

/** Issue 35: what a rotating-only event's PDF shows where the QR would be (no code, no secret). */
export const ROTATING_ONLY_TEXT = {
  title: 'Sem QR impresso: apresente o ingresso no app/site.',
  body: 'O código de entrada deste evento muda a cada 15 segundos e só aparece em Meus ingressos, no app ou no site, com a conta do titular. Prints e cópias deste PDF não entram.',
};

/** The standard fonts the tickets use. */
const FONTS = ['Helvetica', 'Helvetica-Bold'] as const;
/** pdfkit's font object of a standard font, as far as a document's use of it goes (pdfkit 0.20). */
type TStandardFont = { document: unknown; id: string; dictionary: unknown; embedded: boolean };
type TFontsOf = { _fontFamilies: Record<string, TStandardFont>; _fontCount: number; _font: TStandardFont };
let parsedFonts: Map<string, TStandardFont> | undefined;
/** A document's font state, which pdfkit keeps private. */
const fontsOf = (doc: PDFKit.PDFDocument) => doc as unknown as TFontsOf;

/**
 * Issue 37: pdfkit parses a standard font's metrics (its glyph widths and thousands of kerning
 * pairs) for every document that uses it: 4 % of the server's CPU under the purchase bench, the
 * most of the e-mail's PDF. Each font is parsed once per process here, and each document gets its
 * own font object around those read-only tables, as pdfkit's `font()` would have made it (its
 * document, its id F1/F2, not yet written). ticket-pdf.test.ts checks the bytes are pdfkit's own.
 */
function withParsedFonts(doc: PDFKit.PDFDocument): PDFKit.PDFDocument {
  if (!parsedFonts) {
    // No default font (an empty name): the document parses only what it is asked for.
    const scratch = new PDFDocument({ autoFirstPage: false, font: '' });
    parsedFonts = new Map(FONTS.map((name) => [name, fontsOf(scratch.font(name))._font] as const));
  }
  const fonts = fontsOf(doc);
  for (const [index, name] of FONTS.entries()) {
    const parsed = parsedFonts.get(name)!;
    fonts._fontFamilies[name] = Object.assign(Object.create(Object.getPrototypeOf(parsed)), parsed, {
      document: doc,
      id: `F${index + 1}`,
      dictionary: null,
      embedded: false,
    });
  }
  fonts._fontCount = FONTS.length;
  return doc;
}

/** A6 pages (105 x 148 mm), one ticket each, with its QR code (or, rotating only, the words to use the app/site). */
export async function ticketsPdf(
  list: TPdfTicket[],
  /** TEST ONLY: the document's creation date, and pdfkit's own fonts (the comparison of the bytes). */
  test?: { createdAt: Date; pdfkitFonts?: boolean },
): Promise<Buffer> {
  const info = { Title: 'Ingressos', Producer: 'Bilheto', ...(test ? { CreationDate: test.createdAt } : {}) };
  const options = { size: 'A6', margin: 18, info, autoFirstPage: false };
  const doc = test?.pdfkitFonts
    ? new PDFDocument(options)
    : withParsedFonts(new PDFDocument({ ...options, font: '' }));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const [index, ticket] of list.entries()) {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).text(ticket.eventName, { width: 262 });
    doc.font('Helvetica').fontSize(8).text(ticket.date).text(ticket.place);
    doc.moveDown(0.4).font('Helvetica-Bold').fontSize(9).text(`${ticket.sectionName} · ${ticket.ticketName}`);
    if (ticket.placeAlias) doc.font('Helvetica').text(ticket.placeAlias);
    doc.font('Helvetica').fontSize(8).text(`Titular: ${ticket.holder}`);
    if (ticket.halfPrice) doc.font('Helvetica-Bold').fontSize(9).text(ticket.halfPrice);
    if (ticket.qr !== null) drawQr(doc, ticket.qr, 62, doc.y + 6, 170);
    else drawAppOnly(doc, doc.y + 24);
    doc
      .font('Helvetica')
      .fontSize(6)
      .text(`Pedido ${ticket.orderId} · ingresso ${index + 1}/${list.length}`, 18, 392);
  }
  doc.end();
  return done;
}

/** The box that stands where the QR would: a phone's outline and the words, in the same place. */
function drawAppOnly(doc: PDFKit.PDFDocument, y: number) {
  doc.lineWidth(1.2).roundedRect(18, y, 262, 150, 8).stroke('#5b21b6');
  doc.roundedRect(134, y + 14, 30, 52, 5).stroke('#5b21b6');
  doc.circle(149, y + 60, 2).fill('#5b21b6');
  doc
    .fillColor('#1f1f2e')
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(ROTATING_ONLY_TEXT.title, 30, y + 76, { width: 238, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .text(ROTATING_ONLY_TEXT.body, 30, doc.y + 4, { width: 238, align: 'center' });
}

/** Level M with the standard quiet zone of 4 modules, as on the pages (qrSvgDataUrl). */
const QUIET_ZONE = 4;
/**
 * Issue 37: one fixed mask pattern (the standard's pattern 0, valid for every reader) instead of
 * the library trying all eight and scoring each: a tenth of the cost of each code, which is drawn
 * on the Pix answer, My tickets and each ticket's PDF page.
 */
const QR_OPTIONS = { errorCorrectionLevel: 'M', maskPattern: 0 } as const;
/**
 * A ticket's code is its signed token (base64url and dots): one byte-mode segment. The library's
 * segment optimiser (a shortest path over the text's digit and letter runs) took ~4 ms a code and,
 * for such a token, finds the same size (200 random tokens: the same version every time).
 */
const ticketSegments = (qr: string): QRCodeSegment[] => [{ data: Buffer.from(qr), mode: 'byte' }];

/** A coordinate as pdfkit writes it (`PDFObject.number`: rounded to six decimals). */
const pdfNumber = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The QR as vector squares, one per run of dark modules in a row, filled as one shape: sharp at
 * any print size. (It was a 600 px PNG, encoded by one library and decoded and re-compressed by
 * pdfkit: more than a third of a purchase's CPU went there.) The squares go to the page as one
 * piece of content (issue 37: a call and a write per square was most of a page's cost), in the
 * code's own units: one transform puts module (0, 0) at the top-left corner inside the quiet zone
 * and makes a module one unit wide, so each run is written as small integers (`col row width 1 re`):
 * the page's content, which pdfkit compresses (a third of the PDF's CPU went there), is far
 * shorter than in page coordinates (a one-ticket PDF 6.6 → 4.5 KB, made in 0.49 ms instead of
 * 0.59). Painted black inside its own q/Q, so pdfkit's colour and transform are as they were.
 */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number) {
  const { modules } = QRCode.create(ticketSegments(text), QR_OPTIONS);
  const { size } = modules;
  const unit = width / (size + 2 * QUIET_ZONE);
  let squares = '';
  for (let row = 0; row < size; row += 1) {
    let col = 0;
    while (col < size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      let end = col + 1;
      while (end < size && modules.get(row, end)) end += 1;
      squares += `${col} ${row} ${end - col} 1 re\n`;
      col = end;
    }
  }
  if (!squares) return;
  const [scale, left, top] = [unit, x + QUIET_ZONE * unit, y + QUIET_ZONE * unit].map(pdfNumber);
  // As bytes: pdfkit copies a string into a page character by character.
  doc.addContent(Buffer.from(`q\n${scale} 0 0 ${scale} ${left} ${top} cm\n${squares}0 g\nf\nQ\n`, 'latin1'));
}

/**
 * The QR as an SVG data URL for pages (img-src allows data:). Level M (15 % recoverable: a
 * scratched screen or a glare spot) with the standard quiet zone of 4 modules, which scanners
 * need to find the code on a busy background; the page draws it as large as the screen allows.
 */
export async function qrSvgDataUrl(text: string): Promise<string> {
  return svgDataUrl(text);
}

/** A ticket's QR for pages (My tickets, the order's receipt): as qrSvgDataUrl, one byte segment. */
export async function ticketQrSvgDataUrl(qr: string): Promise<string> {
  return svgDataUrl(ticketSegments(qr));
}

async function svgDataUrl(input: string | QRCodeSegment[]): Promise<string> {
  const svg = await QRCode.toString(input, { ...QR_OPTIONS, type: 'svg', margin: QUIET_ZONE });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
