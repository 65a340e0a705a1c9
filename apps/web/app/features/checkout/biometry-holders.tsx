import { cpfsOfHolders, type TBiometryHolderState, type THolder } from '@ingressos/contracts';
import { BIOMETRY_STATUS } from '@ingressos/domain/biometry';
import { hideCpf } from '@ingressos/domain/cpf';
import { useEffect, useState } from 'react';
import { api } from '~/shared/api-client.ts';
import look from '~/ui/checkout-frame.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import styles from '~/ui/panels.module.css';

/**
 * Issue 16: for a facial event, which holders must have ACTIVE biometry before payment, their state,
 * and a button to send each the enrolment link (the buyer: a link to enrol now). Reports through
 * `onReady` whether every required holder is ACTIVE; the server refuses the payment anyway.
 */
export function BiometryHolders({
  eventId,
  identified,
  onReady,
}: {
  eventId: number;
  /** The holders typed on the page, each once. */
  identified: THolder[];
  onReady: (ready: boolean) => void;
}) {
  const { t } = useI18n();
  const [holders, setHolders] = useState<TBiometryHolderState[] | null>(null);
  const [notes, setNotes] = useState<Record<string, string>>({});
  // The call takes the spec's list of CPFs.
  const key = cpfsOfHolders(identified).join(',');

  useEffect(() => {
    if (!key) {
      setHolders([]);
      return;
    }
    let live = true;
    const load = async () => {
      const answer = await api('biometryHolders', { body: { eventId, cpfs: key.split(',') } });
      if (live && answer.ok) setHolders(answer.body.holders);
    };
    void load();
    // A holder may enrol meanwhile on another device: look again every 15 s.
    const timer = setInterval(load, 15_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [eventId, key]);

  const pending = (holders ?? []).filter((h) => h.required && h.statusId !== BIOMETRY_STATUS.ACTIVE);
  const ready = holders !== null && pending.length === 0;
  useEffect(() => onReady(ready), [ready, onReady]);
  if (!holders || holders.length === 0) return null;

  const send = async (cpf: string) => {
    const answer = await api('sendBiometryLink', { body: { eventId, cpf } });
    setNotes((n) => ({ ...n, [cpf]: answer.ok ? answer.body.message : answer.message }));
  };

  return (
    <section
      className={styles.section}
      aria-label={t('checkout.biometryTitle')}
      data-testid="biometry-holders"
    >
      <h2 className={look.unitName}>{t('checkout.biometryTitle')}</h2>
      <p className={look.muted}>{t('checkout.biometryHint')}</p>
      <ul>
        {holders.map((h) => {
          const active = h.statusId === BIOMETRY_STATUS.ACTIVE;
          // Enrolled and waiting for a person (issue 31 item 16): nothing to send or capture again.
          const review = h.statusId === BIOMETRY_STATUS.MANUAL_VERIFICATION;
          return (
            <li key={h.cpf} data-cpf={h.cpf}>
              <strong>{hideCpf(h.cpf)}</strong>:{' '}
              {!h.required
                ? t('checkout.biometrySkipped')
                : active
                  ? t('checkout.biometryActive')
                  : review
                    ? t('checkout.biometryReview')
                    : h.hasAccount
                      ? t('checkout.biometryMissing')
                      : t('checkout.biometryNoAccount')}
              {h.required && !active && !review && h.isBuyer && (
                <>
                  {' '}
                  <a href="/reconhecimento-facial?redirect=%2Fidentificacao">
                    {t('checkout.biometryEnrolNow')}
                  </a>
                </>
              )}
              {h.required && !active && !review && !h.isBuyer && h.hasAccount && (
                <>
                  {' '}
                  <button type="button" className={look.secondary} onClick={() => send(h.cpf)}>
                    {t('checkout.biometrySendLink')}
                  </button>
                </>
              )}
              {notes[h.cpf] && <span role="status"> {notes[h.cpf]}</span>}
            </li>
          );
        })}
      </ul>
      {pending.length > 0 && (
        <p role="alert" className={styles.error}>
          {t('checkout.biometryBlocked')}
        </p>
      )}
    </section>
  );
}
