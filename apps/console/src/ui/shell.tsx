import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { api } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import type { TMessageKey } from '../i18n/pt-BR.ts';
import { mayOpen, type TSection, useSession } from '../session.tsx';

/** The sections in the menu, in order; a section shows only to the roles that may use it. */
export const NAV: { section: TSection; to: string; label: TMessageKey }[] = [
  { section: 'gate', to: '/portaria', label: 'nav.gate' },
  { section: 'producer', to: '/producao', label: 'nav.producer' },
  { section: 'duplicates', to: '/duplicados', label: 'nav.duplicates' },
  { section: 'orders', to: '/pedidos', label: 'nav.orders' },
  { section: 'biometry', to: '/biometria', label: 'nav.biometry' },
  { section: 'events', to: '/eventos', label: 'nav.events' },
  { section: 'staff', to: '/equipe', label: 'nav.staff' },
  { section: 'audit', to: '/auditoria', label: 'nav.audit' },
  { section: 'commissioners', to: '/comissarios', label: 'nav.commissioners' },
  { section: 'settings', to: '/configuracoes', label: 'nav.settings' },
];

/** The language switch: the storefront's /idioma sets the same `lang` cookie and comes back here. */
function LanguageSwitch() {
  const { t, locale } = useI18n();
  const back = encodeURIComponent(window.location.pathname + window.location.search);
  return (
    <nav className="languages" aria-label={t('nav.language')}>
      {(['pt-BR', 'en'] as const).map((each) => (
        <a
          key={each}
          href={`/idioma?lang=${each}&redirect=${back}`}
          hrefLang={each}
          lang={each}
          aria-current={each === locale ? 'true' : undefined}
        >
          {each === 'pt-BR' ? 'PT' : 'EN'}
        </a>
      ))}
    </nav>
  );
}

export function Shell({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const { me, setMe } = useSession();
  const navigate = useNavigate();
  const logout = async () => {
    await api('staffLogout');
    setMe(null);
    navigate('/entrar');
  };
  return (
    <div className="shell">
      <a className="skip" href="#main">
        {t('nav.skip')}
      </a>
      <header className="topbar">
        <NavLink to="/" className="brand">
          {t('app.name')}
        </NavLink>
        <div className="topbar-end">
          <span className="who">
            {me?.name} · {me ? t(`role.${me.role}`) : ''}
          </span>
          <LanguageSwitch />
          <button type="button" className="button-quiet" onClick={logout}>
            {t('nav.logout')}
          </button>
        </div>
      </header>
      <nav className="sidebar" aria-label={t('nav.sections')}>
        <ul>
          <li>
            <NavLink to="/" end>
              {t('nav.home')}
            </NavLink>
          </li>
          {NAV.filter((item) => mayOpen(me, item.section)).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{t(item.label)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="main">
        {children}
      </main>
    </div>
  );
}

/** Outside the console (login, invitation): a narrow card in the middle of the page. */
export function Outside({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="outside">
      <p className="brand">{t('app.name')}</p>
      <main className="card narrow">{children}</main>
      <LanguageSwitch />
    </div>
  );
}
