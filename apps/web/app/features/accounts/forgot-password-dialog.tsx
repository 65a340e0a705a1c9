import { accountMessage } from '@ingressos/contracts/account-messages';
import { parseResetIdentifier } from '@ingressos/domain/documents';
import { useId, useState } from 'react';
import { api } from '~/shared/api-client.ts';
import { Dialog } from '~/ui/dialog.tsx';
import styles from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';

type TStep = { kind: 'form' } | { kind: 'sent'; email: string } | { kind: 'notFound' };

/** Spec §4 forgot-password: enter document, then result (e-mail sent, or not found), then 'Ok' closes. */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, locale } = useI18n();
  const id = useId();
  const [step, setStep] = useState<TStep>({ kind: 'form' });
  const [identifier, setIdentifier] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setStep({ kind: 'form' });
    setIdentifier('');
    setError(null);
    onClose();
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parseResetIdentifier(identifier);
    if (!parsed) return setError(accountMessage('resetIdentifierInvalid', locale));
    setBusy(true);
    const answer = await api('sendResetPasswordEmail', { body: parsed });
    setBusy(false);
    if (answer.ok) return setStep({ kind: 'sent', email: answer.body.email });
    if (answer.kind === 'network') return setError(t('reset.networkError'));
    if (answer.kind === 'server') return setError(t('reset.serverError'));
    if (answer.error?.code === 'user_not_found') return setStep({ kind: 'notFound' });
    setError(answer.message);
  }

  return (
    <Dialog open={open} title={t('reset.title')} onClose={close} dismissible>
      {step.kind === 'form' && (
        <form className={styles.form} noValidate onSubmit={submit}>
          <p className={styles.hint}>{t('reset.intro')}</p>
          <div className={styles.field}>
            <label htmlFor={id}>{t('reset.identifier')}</label>
            <input
              id={id}
              value={identifier}
              autoComplete="username"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setIdentifier(event.target.value);
                setError(null);
              }}
            />
            {error && (
              <p id={`${id}-error`} className={styles.error} role="alert">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? t('app.loading') : t('reset.send')}
          </button>
        </form>
      )}
      {step.kind === 'sent' && (
        <div className={styles.form}>
          <p role="status">{t('reset.sent', { email: step.email })}</p>
          <button type="button" className={styles.primary} onClick={close}>
            {t('reset.ok')}
          </button>
        </div>
      )}
      {step.kind === 'notFound' && (
        <div className={styles.form}>
          <p role="alert">{t('reset.notFound')}</p>
          <button type="button" className={styles.primary} onClick={close}>
            {t('reset.ok')}
          </button>
        </div>
      )}
    </Dialog>
  );
}
