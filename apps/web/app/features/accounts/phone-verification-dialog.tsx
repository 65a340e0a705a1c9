import { useEffect, useId, useReducer, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { api } from '~/shared/api-client.ts';
import type { TShellUser } from '~/shared/shell-user.ts';
import { Dialog } from '~/ui/dialog.tsx';
import styles from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { MODAL_PRIORITY } from '~/ui/modal-queue.ts';
import { toast } from '~/ui/toast-store.ts';
import { countdown, expiryKey, isSixDigits, phoneReducer, storedExpiry } from './phone-verification.ts';

/** Spec §9: the phone success toast closes after 2 seconds. */
const PHONE_SUCCESS_MS = 2_000;

/**
 * Spec §4 phone verification. Neither a click outside nor Escape closes it; its own × does, for
 * this visit. The code's expiry is kept in localStorage so reopening reuses a code still valid.
 */
export function PhoneVerificationDialog({ user }: { user: TShellUser }) {
  const { t } = useI18n();
  const codeId = useId();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(true);
  const [state, dispatch] = useReducer(phoneReducer, { step: 'start', expiresAt: null });
  const [code, setCode] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const key = expiryKey(user.id);

  useEffect(() => {
    if (state.step !== 'verify') return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      dispatch({ type: 'tick', now: at });
    }, 1_000);
    return () => window.clearInterval(timer);
  }, [state.step]);

  async function send() {
    setBusy(true);
    const answer = await api('sendSmsCode');
    setBusy(false);
    if (!answer.ok) {
      toast.error(answer.kind === 'http' && answer.status === 429 ? answer.message : t('phone.sendError'));
      return dispatch({ type: 'sendFailed' });
    }
    const expiresAt = Date.parse(answer.body.expiresAt);
    if (Number.isNaN(expiresAt)) {
      toast.error(t('phone.expiryMissing'));
      return dispatch({ type: 'sendFailed' });
    }
    window.localStorage.setItem(key, JSON.stringify({ phone: user.phone, expiresAt }));
    setCode('');
    setNow(Date.now());
    dispatch({ type: 'sent', expiresAt });
  }

  function begin() {
    const stored = storedExpiry(window.localStorage.getItem(key), user.phone, Date.now());
    if (stored) {
      setNow(Date.now());
      return dispatch({ type: 'sent', expiresAt: stored });
    }
    void send();
  }

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    if (!isSixDigits(code)) return;
    setBusy(true);
    const answer = await api('matchSmsCode', { body: { code } });
    setBusy(false);
    if (answer.ok) {
      window.localStorage.removeItem(key);
      toast.success(t('phone.verified'), PHONE_SUCCESS_MS);
      setOpen(false);
      revalidator.revalidate();
      return;
    }
    const type =
      answer.kind === 'http' ? (answer.body.error as { type?: string } | undefined)?.type : undefined;
    if (type === 'not_found') {
      toast.error(t('phone.codeExpired'));
      window.localStorage.removeItem(key);
      return dispatch({ type: 'expiredCode' });
    }
    toast.error(answer.kind === 'http' && answer.status === 429 ? answer.message : t('phone.codeError'));
  }

  return (
    <Dialog
      open={open}
      priority={MODAL_PRIORITY.phone}
      title={t('phone.title')}
      onClose={() => setOpen(false)}
    >
      {state.step === 'start' && (
        <div className={styles.form}>
          <p>{t('phone.intro', { phone: user.phone })}</p>
          <button type="button" className={styles.primary} onClick={begin} disabled={busy}>
            {busy ? t('app.loading') : t('phone.send')}
          </button>
          <Link to="/dados-da-conta" onClick={() => setOpen(false)}>
            {t('phone.change')}
          </Link>
        </div>
      )}
      {state.step === 'verify' && state.expiresAt !== null && (
        <form className={styles.form} onSubmit={verify} noValidate>
          <p>{t('phone.sentTo', { phone: user.phone })}</p>
          <div className={styles.field}>
            <label htmlFor={codeId}>{t('phone.code')}</label>
            <input
              id={codeId}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            />
          </div>
          <p className={styles.hint} aria-live="off">
            {t('phone.expiresIn', { time: countdown(state.expiresAt, now) })}
          </p>
          <button type="submit" className={styles.primary} disabled={!isSixDigits(code) || busy}>
            {t('phone.verify')}
          </button>
        </form>
      )}
      {state.step === 'resend' && (
        <div className={styles.form}>
          <p role="status">{t('phone.timeExpired')}</p>
          <button type="button" className={styles.primary} onClick={() => void send()} disabled={busy}>
            {busy ? t('app.loading') : t('phone.resend')}
          </button>
        </div>
      )}
    </Dialog>
  );
}
