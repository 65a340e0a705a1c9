import { Link } from 'react-router';
import { useI18n } from '../i18n/i18n.tsx';
import type { TMessageKey } from '../i18n/pt-BR.ts';
import { mayOpen, useSession } from '../session.tsx';
import { Page } from '../ui/page.tsx';
import { NAV } from '../ui/shell.tsx';

/** The start: what this role may use, each with a line saying what it is for. */
export function HomeScreen() {
  const { t } = useI18n();
  const { me } = useSession();
  const items = NAV.filter((item) => mayOpen(me, item.section));
  return (
    <Page title={t('home.title', { name: me?.name ?? '' })}>
      <p className="muted">{t('home.intro', { role: me ? t(`role.${me.role}`) : '' })}</p>
      {me && me.recoveryCodesLeft < 3 ? (
        <p className="notice notice-warn">{t('home.fewCodes', { n: me.recoveryCodesLeft })}</p>
      ) : null}
      <ul className="tiles">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to}>
              <strong>{t(item.label)}</strong>
              <span>{t(`${item.label}.about` as TMessageKey)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
