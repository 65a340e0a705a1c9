import { COOKIE_CONSENT_NAME, COOKIE_POLICY_VERSION } from '@ingressos/domain/cookie-consent';

/**
 * Issue 31: the cookie banner is in every page's HTML, so a first visit paints it with the page
 * (not as a late largest paint after hydration) and a page kept in the page cache serves every
 * visitor. This script, put in <head> by defer-hydration.server.ts (no page's script carries it),
 * marks a visitor whose cookie holds no choice under the current policy
 * (`html[data-consent="ask"]`): the banner's CSS shows it only then, so a visitor who chose never
 * sees it, nor one without scripts (who could not answer it, and gets no optional cookie). After
 * hydration features/consent reads the same cookie.
 */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const CONSENT_CHECK = `/(?:^|;\\s*)${escaped(COOKIE_CONSENT_NAME)}=${escaped(COOKIE_POLICY_VERSION)}\\.a[01]\\.m[01](?:;|$)/.test(document.cookie)||(document.documentElement.dataset.consent="ask")`;
