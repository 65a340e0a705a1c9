import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A document compressed once and sent many times with a different value in its holes (the CSP
 * nonce of each response). The text between holes is deflated once, each part in a fresh stream
 * ended by a sync flush, so no part refers back into a hole; a response is then the parts with each
 * hole's value as a stored (uncompressed) deflate block between them, in a gzip frame whose CRC is
 * combined from the parts' CRCs. Filling costs a few small copies, not a compression.
 */
export type THoledDocument = {
  /** The text between holes, as UTF-8 (hole count + 1 parts). */
  plain: Buffer[];
  /** Each plain part deflated on its own; all but the last end on a byte boundary, the last is final. */
  deflated: Buffer[];
  /** CRC-32 of each plain part, and x^(8·length) mod P to shift a CRC past it. */
  crcs: number[];
  shifts: number[];
  /** Total bytes held, for the cache's bound. */
  bytes: number;
};

/** Splits `text` at every `hole` and compresses the parts (about as long as one gzip of the page). */
export function holedDocument(text: string, hole: string): THoledDocument {
  const plain = text.split(hole).map((part) => Buffer.from(part, 'utf8'));
  const deflated = plain.map((part, index) =>
    deflateRawSync(part, {
      level: 9,
      finishFlush: index === plain.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    }),
  );
  const bytes = [...plain, ...deflated].reduce((sum, part) => sum + part.length, 0);
  return {
    plain,
    deflated,
    crcs: plain.map((part) => crc32(part)),
    shifts: plain.map((part) => shiftFor(part.length)),
    bytes,
  };
}

/** The document with `value` in every hole, uncompressed. */
export function filledText(document: THoledDocument, value: string): Buffer {
  const filler = Buffer.from(value, 'utf8');
  const parts: Buffer[] = [];
  document.plain.forEach((part, index) => {
    if (index > 0) parts.push(filler);
    parts.push(part);
  });
  return Buffer.concat(parts);
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The document with `value` in every hole, as a gzip member any client inflates. */
export function filledGzip(document: THoledDocument, value: string): Buffer {
  const filler = Buffer.from(value, 'utf8');
  if (filler.length > 0xffff) throw new Error('a hole value must fit one stored block');
  // BFINAL 0, BTYPE 00 (stored), padded to the byte; LEN and its one's complement, little-endian.
  const stored = Buffer.alloc(5 + filler.length);
  stored[1] = filler.length & 0xff;
  stored[2] = filler.length >> 8;
  stored[3] = ~filler.length & 0xff;
  stored[4] = (~filler.length >> 8) & 0xff;
  filler.copy(stored, 5);
  const fillerCrc = crc32(filler);
  const fillerShift = shiftFor(filler.length);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  document.deflated.forEach((part, index) => {
    if (index > 0) {
      parts.push(stored);
      crc = combine(crc, fillerCrc, fillerShift);
      length += filler.length;
    }
    parts.push(part);
    crc = combine(crc, document.crcs[index]!, document.shifts[index]!);
    length += document.plain[index]!.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

// CRC-32 combination, after zlib's crc32_combine (multmodp, x2nmodp): crc(A·B) from crc(A),
// crc(B) and the length of B, in GF(2) polynomial arithmetic modulo the reflected polynomial.
const POLY = 0xedb88320;

function multiply(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** X2N[k] = x^(2^k) mod P. */
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k += 1) X2N.push(multiply(X2N[k - 1]!, X2N[k - 1]!));

/** x^(8·bytes) mod P: what moves a CRC past `bytes` bytes of zeros. */
function shiftFor(bytes: number): number {
  let p = 0x80000000;
  let n = bytes;
  let k = 3;
  while (n > 0) {
    if (n & 1) p = multiply(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k += 1;
  }
  return p >>> 0;
}

function combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiply(shiftB, crcA) ^ crcB) >>> 0;
}
