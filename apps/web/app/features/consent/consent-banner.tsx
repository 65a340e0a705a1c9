import {
  COOKIE_CONSENT_MAX_AGE_SECONDS,
  COOKIE_CONSENT_NAME,
  formatCookieConsent,
  type TCookieChoice,
} from '@ingressos/domain/cookie-consent';
import { type FocusEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api } from '~/shared/api-client.ts';
import { consentChosen, detectConsent, useConsent } from '~/shared/consent.ts';
import { focusNextMeaningful } from '~/ui/focus.ts';
import { useI18n } from '~/ui/i18n.tsx';

/**
 * Stores the choice for 12 months; a logged-in visitor's account records it too (date and
 * version).
 */
function saveConsent(choice: TCookieChoice, loggedIn: boolean) {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
  document.cookie = `${COOKIE_CONSENT_NAME}=${formatCookieConsent(choice)}; path=/; max-age=${COOKIE_CONSENT_MAX_AGE_SECONDS}; samesite=lax${secure}`;
  consentChosen(choice);
  if (loggedIn) void api('recordCookieConsent', { body: choice });
}

/**
 * The cookie-consent banner (LGPD): a non-modal region fixed at the bottom of the page, in the
 * server's HTML for every visitor (issue 31: it paints with the page, a first visit's largest
 * paint is never drawn after hydration, and being fixed it moves nothing); a visitor who chose is
 * hidden from it before the first paint by shared/consent-check.ts, and after hydration it leaves
 * the page. In the tab order it comes after the header (the skip link stays the page's first stop)
 * and before the content. 'Aceitar todos' and 'Rejeitar opcionais' are equally easy;
 * 'Personalizar' shows the categories. While it shows, the page keeps room below its content and
 * focus scrolls clear of it, so it never covers the control being used. Reopened from the footer,
 * it takes focus (the person asked for it). Answered with focus inside, focus goes back to where
 * it was before the banner (the footer's button that reopened it, the control Tab or Shift+Tab
 * came from), else to the page's heading: moved before the banner leaves, never to the body.
 */
export function ConsentBanner({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useI18n();
  const { open, customise, choice } = useConsent();
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [showCategories, setShowCategories] = useState(false);
  const region = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  // Where focus was before it entered the banner: where it goes back once the banner is answered.
  const before = useRef<HTMLElement | null>(null);

  useEffect(() => detectConsent(), []);

  // Opened from the footer: the categories with the stored choice, and focus on the banner.
  useEffect(() => {
    if (!open) return;
    setAnalytics(choice?.analytics ?? false);
    setMarketing(choice?.marketing ?? false);
    setShowCategories(customise);
    if (customise) heading.current?.focus();
  }, [open, customise, choice]);

  // Room under the page while it shows: the last links stay reachable and focus scrolls above it.
  useEffect(() => {
    const element = region.current;
    if (!open || !element) return;
    const root = document.documentElement;
    // The observer reports the size once laid out, then on each change: reading it here instead
    // would force a layout of the whole page inside this effect (issue 18: a long task after load).
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize[0];
      if (!box) return;
      const height = `${Math.ceil(box.blockSize) + 16}px`;
      root.style.scrollPaddingBottom = height;
      document.body.style.paddingBottom = height;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
      document.body.style.paddingBottom = '';
    };
  }, [open]);

  if (!open) return null;
  // Issues 20 and 31: the banner goes away under the keyboard's focus. Focus moves first, while
  // the banner is still there, so there is no moment (a frame, or a background tab's never) when
  // it is on the body, the page's start for a screen reader.
  const save = (next: TCookieChoice) => {
    if (region.current?.contains(document.activeElement)) {
      const back = before.current;
      focusNextMeaningful(null, {
        preferred: [
          back && !region.current.contains(back) ? back : null,
          document.querySelector<HTMLElement>('#conteudo h1'),
          document.querySelector<HTMLElement>('a[href="#conteudo"]'),
        ],
      });
    }
    saveConsent(next, loggedIn);
  };
  const cameFrom = (event: FocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) before.current = from;
  };
  return (
    <section
      ref={region}
      className="cookie-banner"
      aria-labelledby={titleId}
      onFocus={cameFrom}
      data-consent-banner
    >
      <div className="cookie-inner">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="cookie-title">
          {t('consent.title')}
        </h2>
        <p className="cookie-text">
          {t('consent.text')} <Link to="/politicas-de-privacidade">{t('consent.policyLink')}</Link>
        </p>
        {showCategories && (
          <fieldset className="cookie-categories">
            <legend className="visually-hidden">{t('consent.categories')}</legend>
            <label className="cookie-category">
              <input type="checkbox" checked disabled />
              <span>
                <strong>{t('consent.necessary')}</strong> <em>{t('consent.alwaysOn')}</em>
                <br />
                {t('consent.necessaryText')}
              </span>
            </label>
            <label className="cookie-category">
              <input type="checkbox" checked={analytics} onChange={(e) => setAnalytics(e.target.checked)} />
              <span>
                <strong>{t('consent.analytics')}</strong>
                <br />
                {t('consent.analyticsText')}
              </span>
            </label>
            <label className="cookie-category">
              <input type="checkbox" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} />
              <span>
                <strong>{t('consent.marketing')}</strong>
                <br />
                {t('consent.marketingText')}
              </span>
            </label>
          </fieldset>
        )}
        <div className="cookie-actions">
          <button
            type="button"
            className="cookie-choice"
            onClick={() => save({ analytics: false, marketing: false })}
          >
            {t('consent.rejectOptional')}
          </button>
          {showCategories ? (
            <button type="button" className="cookie-save" onClick={() => save({ analytics, marketing })}>
              {t('consent.save')}
            </button>
          ) : (
            <button type="button" className="cookie-secondary" onClick={() => setShowCategories(true)}>
              {t('consent.customise')}
            </button>
          )}
          <button
            type="button"
            className="cookie-primary"
            onClick={() => save({ analytics: true, marketing: true })}
          >
            {t('consent.acceptAll')}
          </button>
        </div>
      </div>
    </section>
  );
}
