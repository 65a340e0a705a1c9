import type { TCommissioner } from '@ingressos/contracts';
import type { TRequestServices } from '~/server-context.ts';
import { typedApi } from '~/shared/api.server.ts';

/**
 * Commissioner mode (commerce §2, §6): `/?id=<hash>` turns it on for this browser; the hash is kept
 * in a session cookie the server reads on every page, so the layout is right in the first HTML.
 */
export const COMMISSIONER_COOKIE = 'commissioner';
const HASH = /^[A-Za-z0-9_-]{6,64}$/;

/** What this request says about commissioner mode: the id query of the home page, else the cookie. */
export function commissionerRequested(request: Request): { hash: string | null; fromLink: boolean } {
  const url = new URL(request.url);
  const linked = url.pathname === '/' ? url.searchParams.get('id') : null;
  if (linked !== null) return { hash: HASH.test(linked) ? linked : '', fromLink: true };
  const cookie = (request.headers.get('cookie') ?? '')
    .split(/;\s*/)
    .find((c) => c.startsWith(`${COMMISSIONER_COOKIE}=`));
  const stored = cookie ? decodeURIComponent(cookie.slice(COMMISSIONER_COOKIE.length + 1)) : null;
  return { hash: stored && HASH.test(stored) ? stored : null, fromLink: false };
}

export type TCommissionerMode =
  | { state: 'off' }
  | { state: 'on'; commissioner: TCommissioner }
  /** A link or stored id that names no active commissioner: 'Comissário não encontrado'. */
  | { state: 'notFound' };

/** Resolves the mode by `getcommissionerinfo` (an inactive commissioner is not found). */
export async function commissionerMode(
  api: TRequestServices['api'],
  request: Request,
): Promise<TCommissionerMode> {
  const { hash, fromLink } = commissionerRequested(request);
  if (hash === null) return { state: 'off' };
  if (hash === '') return { state: 'notFound' };
  const answer = await typedApi(api)('commissionerInfo', { body: { hash } });
  if (answer.ok) return { state: 'on', commissioner: answer.body };
  if (answer.status === 404 || fromLink) return { state: 'notFound' };
  return { state: 'off' };
}

/** The Set-Cookie that keeps (or, with null, forgets) the commissioner for this browser session. */
export function commissionerCookie(hash: string | null, secure: boolean): string {
  const base = `${COMMISSIONER_COOKIE}=${hash ? encodeURIComponent(hash) : ''}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return hash ? base : `${base}; Max-Age=0`;
}

/** The commissioner's events for its landing page (getticketeventlist, with the deployment's token). */
export async function commissionerEvents(services: TRequestServices, commissionerId: number) {
  const answer = await typedApi(services.api)('commissionerLanding', {
    body: { token: services.commissionerToken, commissionerID: commissionerId },
  });
  return answer.ok ? answer.body.events : [];
}

/** An event as a commissioner sells it (getCommissionerEventTicketsBySlug); 404 when it does not sell it. */
export function commissionerEventTickets(services: TRequestServices, commissionerId: number, slug: string) {
  return typedApi(services.api)('commissionerEventTickets', {
    body: { token: services.commissionerToken, eventSlug: slug, commissionerId },
  });
}

/** A group as a commissioner sells it: only its events (with the commissionerID header the spec names). */
export function commissionerEventGroup(api: TRequestServices['api'], commissionerId: number, group: string) {
  return typedApi(api)('commissionerEventGroup', {
    params: { commissionerId: String(commissionerId), group },
    headers: { commissionerID: String(commissionerId) },
  });
}
