import {
  COOKIE_CONSENT_MAX_AGE_SECONDS,
  COOKIE_CONSENT_NAME,
  formatCookieConsent,
  type TCookieChoice,
} from '@ingressos/domain/cookie-consent';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api } from '~/shared/api-client.ts';
import { consentChosen, detectConsent, useConsent } from '~/shared/consent.ts';
import { focusNextMeaningful } from '~/ui/focus.ts';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './consent-banner.module.css';

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
 * The cookie-consent banner (LGPD): a non-modal region at the bottom of the page, drawn only in
 * the browser (the server's HTML is the same for every visitor). 'Aceitar todos' and 'Rejeitar
 * opcionais' are equally easy; 'Personalizar' shows the categories. While it shows, the page
 * keeps room below its content and focus scrolls clear of it, so it never covers the control
 * being used. Reopened from the footer, it takes focus (the person asked for it).
 */
export function ConsentBanner({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useI18n();
  const { open, customise, choice, ready } = useConsent();
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [showCategories, setShowCategories] = useState(false);
  const region = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

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

  if (!ready || !open) return null;
  // Issue 20: the banner (first in the tab order) goes away under the keyboard's focus: focus goes
  // on to what comes next, the skip link at the top of the page.
  const save = (next: TCookieChoice) => {
    const hadFocus = region.current?.contains(document.activeElement) ?? false;
    saveConsent(next, loggedIn);
    if (hadFocus)
      requestAnimationFrame(() =>
        focusNextMeaningful(null, {
          preferred: [document.querySelector<HTMLElement>('a[href="#conteudo"]')],
        }),
      );
  };
  return (
    <section ref={region} className={styles.banner} aria-labelledby={titleId}>
      <div className={styles.inner}>
        <h2 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
          {t('consent.title')}
        </h2>
        <p className={styles.text}>
          {t('consent.text')} <Link to="/politicas-de-privacidade">{t('consent.policyLink')}</Link>
        </p>
        {showCategories && (
          <fieldset className={styles.categories}>
            <legend className="visually-hidden">{t('consent.categories')}</legend>
            <label className={styles.category}>
              <input type="checkbox" checked disabled />
              <span>
                <strong>{t('consent.necessary')}</strong> <em>{t('consent.alwaysOn')}</em>
                <br />
                {t('consent.necessaryText')}
              </span>
            </label>
            <label className={styles.category}>
              <input type="checkbox" checked={analytics} onChange={(e) => setAnalytics(e.target.checked)} />
              <span>
                <strong>{t('consent.analytics')}</strong>
                <br />
                {t('consent.analyticsText')}
              </span>
            </label>
            <label className={styles.category}>
              <input type="checkbox" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} />
              <span>
                <strong>{t('consent.marketing')}</strong>
                <br />
                {t('consent.marketingText')}
              </span>
            </label>
          </fieldset>
        )}
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.choice}
            onClick={() => save({ analytics: false, marketing: false })}
          >
            {t('consent.rejectOptional')}
          </button>
          {showCategories ? (
            <button type="button" className={styles.save} onClick={() => save({ analytics, marketing })}>
              {t('consent.save')}
            </button>
          ) : (
            <button type="button" className={styles.secondary} onClick={() => setShowCategories(true)}>
              {t('consent.customise')}
            </button>
          )}
          <button
            type="button"
            className={styles.primary}
            onClick={() => save({ analytics: true, marketing: true })}
          >
            {t('consent.acceptAll')}
          </button>
        </div>
      </div>
    </section>
  );
}
