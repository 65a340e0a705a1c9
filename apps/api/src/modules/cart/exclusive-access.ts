import { createHash } from 'node:crypto';
import { API_MESSAGES, type TValidateExclusiveEmissorRequest } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import {
  BIN_MIN_DIGITS,
  isCardEmissor,
  normalizeAccessCode,
  type TExclusiveEmissorType,
} from '@ingressos/domain/exclusive-access';
import type { TDb } from '../../db/client.ts';
import { newSessionId } from '../../db/ids.ts';
import { and, eq, gt, inArray, isNotNull, sql } from '../../db/orm.ts';
import { eventAccessCodes, events, exclusiveAccessGrants } from '../../db/schema/index.ts';
import { AppError } from '../app-error.ts';

/** How a code is kept: salted with its event and issuer, so equal codes of two events differ. */
export function accessCodeHash(eventId: number, type: TExclusiveEmissorType, normalized: string): string {
  return createHash('sha256').update(`${eventId}:${type}:${normalized}`).digest('hex');
}

/** How long a validated code opens the event to the session: as long as the browser keeps its cart cookie. */
export const EXCLUSIVE_ACCESS_SECONDS = 86_400;

const invalid = (locale: TLocale) =>
  new AppError('exclusive_invalid', API_MESSAGES[locale].exclusiveAccess.exclusive_invalid);

/**
 * Commerce §7 "Exclusive access": checks what the buyer typed against the event's issuer of that
 * type and, when it matches, opens the event to the cart session (creating the session when the
 * buyer has none yet). Every refusal is the same 422, so an answer tells nothing about which part
 * was wrong. The caller rate-limits it: it checks a secret.
 */
export async function validateExclusiveEmissor(
  db: TDb,
  input: TValidateExclusiveEmissorRequest,
  locale: TLocale,
): Promise<{ sessionId: string; expiresAt: Date }> {
  const [event] = await db
    .select({ emissors: events.exclusiveEmissors, published: events.published })
    .from(events)
    .where(eq(events.id, input.eventId));
  if (!event?.published || !event.emissors.some((issuer) => issuer.type === input.type))
    throw invalid(locale);
  const typed = normalizeAccessCode(input.type, input.binHolder);
  if (typed === null) throw invalid(locale);

  const ofIssuer = and(
    eq(eventAccessCodes.eventId, input.eventId),
    eq(eventAccessCodes.emissorType, input.type),
  );
  const match = isCardEmissor(input.type)
    ? and(
        ofIssuer,
        isNotNull(eventAccessCodes.binPrefix),
        // A prefix matches when it is no longer than the typed digits and starts them.
        inArray(
          eventAccessCodes.binPrefix,
          Array.from({ length: typed.length - BIN_MIN_DIGITS + 1 }, (_, i) =>
            typed.slice(0, BIN_MIN_DIGITS + i),
          ),
        ),
      )
    : and(ofIssuer, eq(eventAccessCodes.codeHash, accessCodeHash(input.eventId, input.type, typed)));
  const [found] = await db.select({ id: eventAccessCodes.id }).from(eventAccessCodes).where(match).limit(1);
  if (!found) throw invalid(locale);

  const sessionId = input.sessionId ?? newSessionId();
  const expiresAt = new Date(Date.now() + EXCLUSIVE_ACCESS_SECONDS * 1000);
  await db
    .insert(exclusiveAccessGrants)
    .values({ sessionId, eventId: input.eventId, emissorType: input.type, expiresAt })
    .onConflictDoUpdate({
      target: [exclusiveAccessGrants.sessionId, exclusiveAccessGrants.eventId],
      set: { emissorType: input.type, expiresAt },
    });
  return { sessionId, expiresAt };
}

/** Until when the session may take the event's restricted tickets; null without a live grant. */
export async function exclusiveAccessUntil(
  db: TDb,
  sessionId: string,
  eventId: number,
): Promise<Date | null> {
  const [grant] = await db
    .select({ expiresAt: exclusiveAccessGrants.expiresAt })
    .from(exclusiveAccessGrants)
    .where(
      and(
        eq(exclusiveAccessGrants.sessionId, sessionId),
        eq(exclusiveAccessGrants.eventId, eventId),
        gt(exclusiveAccessGrants.expiresAt, sql`now()`),
      ),
    );
  return grant?.expiresAt ?? null;
}
