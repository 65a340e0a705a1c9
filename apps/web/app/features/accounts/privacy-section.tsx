import { apiPath } from '@ingressos/contracts/endpoints';
import { Link } from 'react-router';
import forms from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { DeleteAccount } from './delete-account-dialog.tsx';
import { EmailChangeForm } from './email-change-form.tsx';
import styles from './privacy.module.css';

/** /minha-conta "Privacidade e dados": the data-subject rights a person can use on their own. */
export function PrivacySection() {
  const { t } = useI18n();
  return (
    <section className={styles.section} aria-labelledby="privacy-title" id="privacidade">
      <h2 id="privacy-title">{t('privacy.title')}</h2>
      <p className={styles.intro}>
        {t('privacy.intro')} <Link to="/direitos-dos-titulares">{t('privacy.rightsLink')}</Link>
      </p>
      <div className={styles.cards}>
        <div className={styles.card}>
          <h3>{t('privacy.download.title')}</h3>
          <p>{t('privacy.download.text')}</p>
          {/* A plain link: the browser downloads the attachment with the session cookie. */}
          <a href={apiPath('exportMyData')} download className={`${forms.secondary} ${styles.download}`}>
            {t('privacy.download.button')}
          </a>
        </div>
        <div className={styles.card}>
          <h3 id="privacy-email-title">{t('privacy.email.title')}</h3>
          <p>{t('privacy.email.text')}</p>
          <EmailChangeForm />
        </div>
        <div className={styles.card}>
          <h3>{t('privacy.delete.title')}</h3>
          <p>{t('privacy.delete.text')}</p>
          <DeleteAccount />
        </div>
      </div>
    </section>
  );
}
