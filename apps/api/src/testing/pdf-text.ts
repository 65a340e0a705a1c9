import { inflateSync } from 'node:zlib';

/** For tests: a PDF's drawing operators, each Flate stream of the file inflated. */
export function pdfDrawing(pdf: Buffer): string {
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

/** For tests: a PDF's words; pdfkit writes each run as hex of its WinAnsi bytes inside a TJ array. */
export function pdfWords(pdf: Buffer): string {
  return [...pdfDrawing(pdf).matchAll(/\[([^\]]*)\] TJ/g)]
    .map((m) =>
      [...m[1]!.matchAll(/<([0-9a-f]*)>/gi)]
        .map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'))
        .join(''),
    )
    .join(' ')
    .replace(/\s+/g, ' ');
}
