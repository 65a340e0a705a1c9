import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { filledGzip, filledText, holedDocument } from './gzip-with-holes.ts';

const HOLE = '__hole__';

describe('a document compressed once with holes', () => {
  // Repetitive text around the holes tempts the compressor to refer back across them.
  const page = [
    '<!DOCTYPE html><html><head><script nonce="__hole__">a()</script></head>',
    '<body>',
    'Olá, ingressos para o festival! '.repeat(400),
    '<script nonce="__hole__">b()</script><script nonce="__hole__">c()</script>',
    randomBytes(3000).toString('base64'),
    '</body></html><!--__hole__-->',
  ].join('');

  it('inflates to the page with each response’s value in every hole', () => {
    const document = holedDocument(page, HOLE);
    for (const nonce of ['6/G+A6pOc9R7SXbD31C3Pw==', 'AAAAAAAAAAAAAAAAAAAAAA==', '']) {
      const expected = page.replaceAll(HOLE, nonce);
      // gunzipSync checks the CRC and the length in the trailer: a wrong one throws.
      expect(gunzipSync(filledGzip(document, nonce)).toString('utf8')).toBe(expected);
      expect(filledText(document, nonce).toString('utf8')).toBe(expected);
    }
  });

  it('works with no hole, a hole at either end, and an empty document', () => {
    for (const text of ['no holes here', `${HOLE}middle${HOLE}`, '', HOLE]) {
      const document = holedDocument(text, HOLE);
      expect(gunzipSync(filledGzip(document, 'xyz')).toString('utf8')).toBe(text.replaceAll(HOLE, 'xyz'));
    }
  });

  it('is about as small as compressing the page whole', () => {
    const document = holedDocument(page, HOLE);
    const whole = holedDocument(page.replaceAll(HOLE, 'n'), HOLE);
    expect(filledGzip(document, 'n').length).toBeLessThan(filledGzip(whole, 'n').length * 1.1);
  });
});
