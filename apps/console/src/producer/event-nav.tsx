import { NavLink } from 'react-router';
import { useI18n } from '../i18n/i18n.tsx';

/** Between one event's screens: its editor, its guests, its sales. */
export function EventNav({ eventId }: { eventId: string }) {
  const { t } = useI18n();
  return (
    <nav className="event-nav" aria-label={t('producer.eventNav')}>
      <NavLink to={`/producao/${eventId}`} end>
        {t('producer.edit')}
      </NavLink>
      <NavLink to={`/producao/${eventId}/convidados`}>{t('producer.guests')}</NavLink>
      <NavLink to={`/producao/${eventId}/vendas`}>{t('producer.sales')}</NavLink>
    </nav>
  );
}
