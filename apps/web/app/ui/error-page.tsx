import { Link } from 'react-router';
import styles from './error-page.module.css';
import { useI18n } from './i18n.tsx';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <section className={styles.box}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className={styles.home}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}

export function ErrorPage() {
  const { t } = useI18n();
  return (
    <section className={styles.box}>
      <h1>{t('error.title')}</h1>
      <p>{t('app.genericError')}</p>
      <Link to="/" className={styles.home}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
