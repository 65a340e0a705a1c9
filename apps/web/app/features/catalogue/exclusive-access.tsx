import {
  isCardEmissor,
  normalizeAccessCode,
  type TExclusiveEmissorType,
} from '@ingressos/domain/exclusive-access';
import { useId, useRef, useState } from 'react';
import { api } from '~/shared/api-client.ts';
import { Dialog } from '~/ui/dialog.tsx';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './exclusive-access.module.css';

export type TExclusiveIssuer = { type: TExclusiveEmissorType; name: string };

/** Spec §2 attempts: first try, another try after a failed validation, conclusion on success. */
type TAttempt = 'first' | 'again' | 'done';

/**
 * The exclusive pre-sale pop-up (commerce §2): it opens by itself for a visitor without access,
 * asks for the code the chosen issuer uses, and on success the event's tickets can go in the cart
 * (the API keeps the grant with the cart session). Loaded lazily by the event page.
 */
export default function ExclusiveAccess({
  eventId,
  issuers,
}: {
  eventId: number;
  issuers: TExclusiveIssuer[];
}) {
  const { t } = useI18n();
  const fieldId = useId();
  const [open, setOpen] = useState(true);
  const [attempt, setAttempt] = useState<TAttempt>('first');
  const [type, setType] = useState<TExclusiveEmissorType>(issuers[0]!.type);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const card = isCardEmissor(type);
  const input = useRef<HTMLInputElement>(null);

  // Spec: closing resets the pop-up to its first try and clears the code.
  const close = () => {
    setOpen(false);
    if (attempt !== 'done') setAttempt('first');
    setCode('');
    setError('');
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (normalizeAccessCode(type, code) === null) {
      // Not even the right shape (e.g. a whole card number): refused here, never sent.
      setError(t('exclusive.invalid'));
      setAttempt('again');
      input.current?.focus();
      return;
    }
    if (busy) return;
    setBusy(true);
    const answer = await api('validateExclusiveEmissor', { body: { eventId, binHolder: code, type } });
    const message = answer.ok
      ? ''
      : answer.kind === 'network'
        ? t('app.genericError')
        : answer.message || t('exclusive.invalid');
    setBusy(false);
    setError(message);
    setAttempt(message ? 'again' : 'done');
    if (!message) setCode('');
    // Issue 20: the field is marked invalid and takes the focus; its message is said by the live region.
    else input.current?.focus();
  }

  if (attempt === 'done' && !open) {
    return (
      <p className={styles.bar} role="status">
        {t('exclusive.granted')}
      </p>
    );
  }
  return (
    <>
      {!open && (
        <div className={styles.bar}>
          <p>{t('exclusive.needed')}</p>
          <button type="button" className={styles.open} onClick={() => setOpen(true)}>
            {t('exclusive.open')}
          </button>
        </div>
      )}
      <Dialog open={open} title={t('exclusive.title')} onClose={close} dismissible>
        {attempt === 'done' ? (
          <div className={styles.form}>
            <p role="status">{t('exclusive.done')}</p>
            <button type="button" className={styles.primary} onClick={close}>
              {t('exclusive.close')}
            </button>
          </div>
        ) : (
          <form className={styles.form} onSubmit={submit} noValidate>
            <p>
              {t(attempt === 'again' ? 'exclusive.again' : 'exclusive.intro', {
                issuers: issuers.map((issuer) => issuer.name).join(', '),
              })}
            </p>
            {issuers.length > 1 && (
              <div className={styles.field}>
                <label htmlFor={`${fieldId}-issuer`}>{t('exclusive.issuer')}</label>
                <select
                  id={`${fieldId}-issuer`}
                  value={type}
                  onChange={(e) => {
                    setType(e.target.value as TExclusiveEmissorType);
                    setError('');
                  }}
                >
                  {issuers.map((issuer) => (
                    <option key={issuer.type} value={issuer.type}>
                      {issuer.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className={styles.field}>
              <label htmlFor={fieldId}>{t(`exclusive.field.${type}`)}</label>
              <input
                ref={input}
                id={fieldId}
                name="binHolder"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                inputMode={card ? 'numeric' : type === 'phone' ? 'tel' : 'text'}
                autoComplete="off"
                maxLength={card ? 8 : 64}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${fieldId}-error` : card ? `${fieldId}-hint` : undefined}
                required
              />
              {card && !error && (
                <p id={`${fieldId}-hint`} className={styles.hint}>
                  {t('exclusive.cardHint')}
                </p>
              )}
              {/* Always in the page, so the message added to it is announced (WCAG 4.1.3). */}
              <p id={`${fieldId}-error`} className={styles.error} role="alert">
                {error}
              </p>
            </div>
            <button
              type="submit"
              className={styles.primary}
              disabled={!code.trim()}
              aria-disabled={busy || undefined}
              aria-busy={busy}
            >
              {t('exclusive.validate')}
            </button>
          </form>
        )}
      </Dialog>
    </>
  );
}
