import type { TSiteConfig } from '@ingressos/contracts';
import { useEffect, useRef } from 'react';
import { useI18n } from '~/ui/i18n.tsx';
import { ChevronDownIcon } from '~/ui/icons.tsx';
import styles from './header.module.css';

/** A native disclosure: works before (and without) JavaScript; Escape and outside clicks close it. */
export function SupportMenu({ site }: { site: TSiteConfig }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !details.contains(event.target as Node)) {
        details.open = false;
        if (event instanceof KeyboardEvent) details.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  const newTab = t('header.opensInNewTab');
  return (
    <details className={styles.dropdown} ref={ref}>
      <summary>
        {t('header.support')} <ChevronDownIcon />
      </summary>
      <ul>
        <li>
          <a href={site.helpCenterUrl} target="_blank" rel="noopener noreferrer">
            {t('header.supportFaq')} <span className="visually-hidden">{newTab}</span>
          </a>
        </li>
        <li>
          <a href={site.producerFormUrl} target="_blank" rel="noopener noreferrer">
            {t('header.supportRegisterEvent')} <span className="visually-hidden">{newTab}</span>
          </a>
        </li>
      </ul>
    </details>
  );
}

// header.tsx loads it lazily (a boundary that hydrates when its chunk arrives).
export default SupportMenu;
