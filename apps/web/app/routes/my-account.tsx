import { firstName } from '@ingressos/domain/person-name';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { accountCall, invalidBody } from '~/features/accounts/actions.server.ts';
import { loadAuthScreen, loadUser } from '~/features/accounts/api.server.ts';
import { readForm } from '~/features/accounts/form-body.server.ts';
import { LazyAuthScreen } from '~/features/accounts/lazy-auth-screen.tsx';
import { PrivacySection } from '~/features/accounts/privacy-section.tsx';
import { BiometrySection } from '~/features/biometry/biometry-section.tsx';
import { requestServices } from '~/server-context.ts';
import styles from '~/ui/forms.module.css';
import { pageTranslator, useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import type { Route } from './+types/my-account.ts';
import page from './my-account.module.css';

export async function loader({ context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const user = await loadUser(context);
  return {
    locale,
    brand: site.brandName,
    user,
    auth: user ? null : await loadAuthScreen(context),
    biometryLinks: {
      helpUrl: site.helpCenterUrl,
      attendantUrl: site.whatsappUrl || site.helpCenterUrl,
      manualReviewHours: site.biometry.manualReviewHours,
    },
  };
}

/** The page's two buttons: send the verification e-mail again, and stop promotional e-mails. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return invalidBody(context);
  if (form.get('intent') === 'unsubscribe') {
    return accountCall(context, 'unsubscribe', { userId: form.get('userId') });
  }
  return accountCall(context, 'sendVerificationEmail', {});
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: pageTitle(pageTranslator(matches)('page.myAccount'), loaderData.brand) }];
}

export default function MyAccount({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const { user, auth } = loaderData;
  if (!user) return auth ? <LazyAuthScreen data={auth} redirectTo="/minha-conta" /> : null;
  return (
    <PageFrame title={t('page.myAccount')}>
      <p className={page.hello}>{t('header.greeting', { name: firstName(user.name) })}</p>
      {result && (
        <p className={result.ok ? styles.hint : styles.error} role="status">
          {result.message}
        </p>
      )}
      <dl className={page.facts}>
        <dt>{t('register.email')}</dt>
        <dd>
          {user.email} · {user.emailVerified ? t('account.emailVerified') : t('account.emailNotVerified')}
        </dd>
        <dt>{t('register.phone')}</dt>
        <dd>
          {user.ddiPhone} {user.phone} ·{' '}
          {user.isPhoneVerified ? t('account.phoneVerified') : t('account.phoneNotVerified')}
        </dd>
      </dl>
      {!user.emailVerified && (
        <div className={styles.warning}>
          <p>{t('account.confirmEmailWarning')}</p>
          <Form method="post">
            <button type="submit" name="intent" value="resend" className={styles.secondary} disabled={busy}>
              {t('account.resendEmail')}
            </button>
          </Form>
        </div>
      )}
      <nav className={page.links} aria-label={t('page.myAccount')}>
        <Link to="/dados-da-conta">{t('account.editData')}</Link>
        <Link to="/meus-ingressos">{t('header.myTickets')}</Link>
        <Link to="/transferencias">{t('page.transfers')}</Link>
      </nav>
      <Form method="post" className={page.unsubscribe}>
        <input type="hidden" name="userId" value={user.id} />
        <button type="submit" name="intent" value="unsubscribe" className={styles.link} disabled={busy}>
          {t('account.unsubscribe')}
        </button>
      </Form>
      <BiometrySection userId={user.id} links={loaderData.biometryLinks} />
      <PrivacySection />
    </PageFrame>
  );
}
