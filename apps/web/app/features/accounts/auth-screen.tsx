import { Link } from 'react-router';
import { useI18n } from '~/ui/i18n.tsx';
import type { TAuthScreenData } from './api.server.ts';
import styles from './auth-screen.module.css';
import { CountryNamesProvider } from './country-names.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

/**
 * Login and register side by side (desktop); below 769 px, login with a link to the mobile
 * register page. Shown by /login and by protected pages to anonymous visitors.
 */
export function AuthScreen({ data, redirectTo }: { data: TAuthScreenData; redirectTo: string }) {
  const { t } = useI18n();
  const mobileRegister = `/cadastrar-mobile${redirectTo !== '/' ? `?redirect=${encodeURIComponent(redirectTo)}` : ''}`;
  return (
    <CountryNamesProvider value={data.countryNames}>
      <div className={styles.screen}>
        <section className={styles.panel} aria-labelledby="login-title">
          <h1 id="login-title">{t('auth.loginTitle')}</h1>
          <p className={styles.lead}>{t('auth.loginLead')}</p>
          <LoginForm captcha={data.captcha} redirectTo={redirectTo} />
          <p className={styles.mobileOnly}>
            {t('auth.noAccount')} <Link to={mobileRegister}>{t('auth.registerLink')}</Link>
          </p>
        </section>
        <section className={`${styles.panel} ${styles.desktopOnly}`} aria-labelledby="register-title">
          <h2 id="register-title">{t('register.title')}</h2>
          <p className={styles.lead}>{t('register.lead')}</p>
          <RegisterForm captcha={data.captcha} states={data.states} redirectTo={redirectTo} />
        </section>
      </div>
    </CountryNamesProvider>
  );
}
