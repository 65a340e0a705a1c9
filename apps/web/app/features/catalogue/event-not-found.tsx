import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import styles from './event.module.css';

/** How long the message stays before the page goes home (spec §8: toast, then home). */
const HOME_AFTER_MS = 2_500;

/** Spec §8 'Evento não encontrado' (accented on the web, docs/decisions.md): the page says so (HTTP 404), then a toast and the home page. */
export function EventNotFound() {
  const { t } = useI18n();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => {
      toast.error(t('event.notFound'));
      navigate('/', { replace: true });
    }, HOME_AFTER_MS);
    return () => clearTimeout(timer);
  }, [navigate, t]);
  return (
    <section className={styles.notFound}>
      <h1>{t('event.notFound')}</h1>
      <p>{t('event.notFoundText')}</p>
      <Link to="/" replace>
        {t('event.backHome')}
      </Link>
    </section>
  );
}
