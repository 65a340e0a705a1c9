import type { TDeletionBlockers } from '@ingressos/contracts/privacy';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '~/shared/api-client.ts';
import { Dialog } from '~/ui/dialog.tsx';
import forms from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import styles from './privacy.module.css';
import { PasswordField } from './text-field.tsx';

/** The delete button and its dialog: what happens, the password, and what stands in the way. */
export function DeleteAccount() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [blockers, setBlockers] = useState<TDeletionBlockers | null>(null);

  const fields = useRef<HTMLFormElement>(null);
  // The dialog opens for one field: the password, not the × button, takes the focus.
  useEffect(() => {
    if (open) fields.current?.querySelector('input')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setPassword('');
    setError('');
    setBlockers(null);
    opener.current?.focus();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('privacy.delete.password'));
    setBusy(true);
    setError('');
    setBlockers(null);
    const answer = await api('deleteMyAccount', { body: { password } });
    setBusy(false);
    if (answer.ok) {
      toast.success(answer.body.Message);
      navigate('/', { replace: true });
      return;
    }
    if (answer.kind === 'http') {
      setError(answer.message);
      if (answer.body.blockers) setBlockers(answer.body.blockers as TDeletionBlockers);
    } else {
      setError(answer.kind === 'network' ? t('reset.networkError') : t('auth.requestFailed'));
    }
  };

  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));

  return (
    <>
      <button type="button" ref={opener} className={styles.danger} onClick={() => setOpen(true)}>
        {t('privacy.delete.open')}
      </button>
      <Dialog open={open} title={t('privacy.delete.dialogTitle')} onClose={close} dismissible>
        <ul className={styles.consequences}>
          <li>{t('privacy.delete.consequences1')}</li>
          <li>{t('privacy.delete.consequences2')}</li>
          <li>{t('privacy.delete.consequences3')}</li>
          <li>{t('privacy.delete.consequences4')}</li>
        </ul>
        <form ref={fields} className={forms.form} noValidate onSubmit={submit}>
          <PasswordField
            label={t('privacy.delete.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div role="alert" aria-live="assertive">
            {error && <p className={forms.error}>{error}</p>}
            {blockers && (
              <ul className={styles.blockers}>
                {blockers.tickets.length > 0 && (
                  <li>
                    {t('privacy.delete.blockedTickets')}:{' '}
                    {blockers.tickets.map((b) => `${b.eventName} (${date(b.startsAt)})`).join('; ')}
                  </li>
                )}
                {blockers.transfers.length > 0 && (
                  <li>
                    {t('privacy.delete.blockedTransfers')}:{' '}
                    {blockers.transfers
                      .map((b) => `${b.eventName} (${t(`privacy.delete.${b.direction}`)})`)
                      .join('; ')}
                  </li>
                )}
                {blockers.orders.length > 0 && (
                  <li>
                    {t('privacy.delete.blockedOrders')}: {blockers.orders.map((b) => b.eventName).join('; ')}
                  </li>
                )}
              </ul>
            )}
          </div>
          <div className={styles.actions}>
            <button type="button" className={forms.secondary} onClick={close}>
              {t('privacy.delete.cancel')}
            </button>
            <button type="submit" className={styles.danger} disabled={busy}>
              {busy ? t('privacy.delete.deleting') : t('privacy.delete.confirm')}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
