import { createHash } from 'node:crypto';
import { API_MESSAGES } from '@ingressos/contracts';
import { posterUrl } from '@ingressos/contracts/catalogue';
import { POSTER_MAX_BYTES, type TProducerPoster } from '@ingressos/contracts/staff-producer';
import type { TLocale } from '@ingressos/domain';
import sharp from 'sharp';
import type { TDb } from '../../db/client.ts';
import { posterImages } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/with-transaction.ts';
import { AppError } from '../app-error.ts';
import { recordStaffAction } from '../staff/audit.ts';
import type { TStaffAudit } from './staff-audit.ts';

/** The types a poster may be sent as; anything else is a 415. */
export const POSTER_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The drawn posters' size (catalogue/poster-svg.ts: 600 × 800, 3:4): uploads are cut to it, at twice the width. */
export const POSTER_WIDTH = 1200;
export const POSTER_HEIGHT = 1600;

/** Where a poster is served: the uploaded one when the event names it, else the one the product draws. */
export function posterUrlOf(event: { slug: string; posterId: string | null }): string {
  return posterUrl(event.slug, event.posterId);
}

const refuse = (locale: TLocale, code: 'poster_too_large' | 'poster_type' | 'poster_unreadable') =>
  new AppError(code, API_MESSAGES[locale].staffProducer[code]);

/** The declared type (parameters dropped), refused before the body is read when it is not an image we take. */
export function posterTypeOf(header: string | undefined, locale: TLocale): string {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(POSTER_TYPES as readonly string[]).includes(type)) throw refuse(locale, 'poster_type');
  return type;
}

/**
 * POST /api/staff/producer/posters: the image auto-rotated (EXIF), cut to the drawn posters' 3:4
 * (cover, centred), resized to 1200 × 1600 and stored as WebP; its id is the SHA-256 of those bytes,
 * so the same picture sent twice is one row. Audited as `poster.upload`.
 */
export async function uploadPoster(
  db: TDb,
  input: { bytes: Uint8Array; audit: TStaffAudit; locale: TLocale },
): Promise<TProducerPoster> {
  if (input.bytes.length > POSTER_MAX_BYTES) throw refuse(input.locale, 'poster_too_large');
  let output: Buffer;
  try {
    output = await sharp(input.bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(POSTER_WIDTH, POSTER_HEIGHT, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw refuse(input.locale, 'poster_unreadable');
  }
  const id = createHash('sha256').update(output).digest('hex');
  await inTransaction(db, async (tx) => {
    await tx
      .insert(posterImages)
      .values({ id, contentType: 'image/webp', bytes: output, width: POSTER_WIDTH, height: POSTER_HEIGHT })
      .onConflictDoNothing();
    await recordStaffAction(tx, {
      ...input.audit,
      action: 'poster.upload',
      targetType: 'poster',
      targetId: id,
      after: { bytes: output.length, width: POSTER_WIDTH, height: POSTER_HEIGHT },
    });
  });
  return {
    posterId: id,
    url: `/api/posters/${id}.webp`,
    width: POSTER_WIDTH,
    height: POSTER_HEIGHT,
  };
}
