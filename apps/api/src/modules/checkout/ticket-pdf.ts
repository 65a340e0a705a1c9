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
    const png = await QRCode.toBuffer(ticket.qr, { errorCorrectionLevel: 'M', margin: 4, width: 600 });
    doc.image(png, 62, doc.y + 6, { width: 170 });
    doc.fontSize(6).text(`Pedido ${ticket.orderId} · ingresso ${index + 1}/${list.length}`, 18, 392);
  }
  doc.end();
  return done;
}

/**
 * The QR as an SVG data URL for pages (img-src allows data:). Level M (15 % recoverable: a
 * scratched screen or a glare spot) with the standard quiet zone of 4 modules, which scanners
 * need to find the code on a busy background; the page draws it as large as the screen allows.
 */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
