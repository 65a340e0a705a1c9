import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Field, Live, Page } from '../ui/page.tsx';
import { Outside } from '../ui/shell.tsx';

/** /console/convite?token=: the invited person sets a password; the first login then sets up TOTP. */
export function InvitationScreen() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState('');
  const [accepted, setAccepted] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    if (password !== String(form.get('again'))) return setError(t('invite.mismatch'));
    setBusy(true);
    setError('');
    const answer = await api('acceptStaffInvitation', { body: { token, password } });
    setBusy(false);
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    setAccepted(answer.body.email);
  };
  if (accepted) {
    return (
      <Outside>
        <Page title={t('invite.doneTitle')}>
          <p role="status">{t('invite.done', { email: accepted })}</p>
          <Link className="button" to="/entrar">
            {t('invite.login')}
          </Link>
        </Page>
      </Outside>
    );
  }
  return (
    <Outside>
      <Page title={t('invite.title')}>
        {token ? (
          <form onSubmit={submit} className="stack" noValidate>
            <p>{t('invite.intro')}</p>
            <Field id="password" label={t('invite.password')} hint={t('invite.passwordHint')}>
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="new-password"
                aria-describedby="password-hint"
                required
              />
            </Field>
            <Field id="again" label={t('invite.again')}>
              <input id="again" name="again" type="password" autoComplete="new-password" required />
            </Field>
            <Live message={error} />
            <button type="submit" className="button" disabled={busy}>
              {t('invite.submit')}
            </button>
          </form>
        ) : (
          <p role="alert">{t('invite.noToken')}</p>
        )}
      </Page>
    </Outside>
  );
}
