import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

export type TPdfTicket = {
  eventName: string;
  date: string;
  place: string;
  sectionName: string;
  ticketName: string;
  placeAlias: string | null;
  holder: string;
  orderId: string;
  qr: string;
};

/** A6 pages (105 x 148 mm), one ticket each, with its QR code. */
export async function ticketsPdf(list: TPdfTicket[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A6', margin: 18, info: { Title: 'Ingressos', Producer: 'Bilheto' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const [index, ticket] of list.entries()) {
    if (index > 0) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).text(ticket.eventName, { width: 262 });
    doc.font('Helvetica').fontSize(8).text(ticket.date).text(ticket.place);
    doc.moveDown(0.4).font('Helvetica-Bold').fontSize(9).text(`${ticket.sectionName} · ${ticket.ticketName}`);
    if (ticket.placeAlias) doc.font('Helvetica').text(ticket.placeAlias);
    doc.font('Helvetica').fontSize(8).text(`Titular: ${ticket.holder}`);
    drawQr(doc, ticket.qr, 62, doc.y + 6, 170);
    doc.fontSize(6).text(`Pedido ${ticket.orderId} · ingresso ${index + 1}/${list.length}`, 18, 392);
  }
  doc.end();
  return done;
}

/** Level M with the standard quiet zone of 4 modules, as on the pages (qrSvgDataUrl). */
const QUIET_ZONE = 4;

/**
 * The QR as vector squares, one per run of dark modules in a row, filled as one shape: sharp at
 * any print size, and nothing to compress. (It was a 600 px PNG, encoded by one library and
 * decoded and re-compressed by pdfkit: more than a third of a purchase's CPU went there.)
 */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const unit = width / (modules.size + 2 * QUIET_ZONE);
  for (let row = 0; row < modules.size; row += 1) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      let end = col + 1;
      while (end < modules.size && modules.get(row, end)) end += 1;
      doc.rect(x + (QUIET_ZONE + col) * unit, y + (QUIET_ZONE + row) * unit, (end - col) * unit, unit);
      col = end;
    }
  }
  doc.fill('#000000');
}

/**
 * The QR as an SVG data URL for pages (img-src allows data:). Level M (15 % recoverable: a
 * scratched screen or a glare spot) with the standard quiet zone of 4 modules, which scanners
 * need to find the code on a busy background; the page draws it as large as the screen allows.
 */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: QUIET_ZONE });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
