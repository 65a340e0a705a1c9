import { biometryStatusName } from '@ingressos/domain/biometry';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api } from '~/shared/api-client.ts';
import { Dialog } from '~/ui/dialog.tsx';
import forms from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { toast } from '~/ui/toast-store.ts';
import styles from './biometry.module.css';
import { BiometryStatusCard, type TCardLinks, type TCardView } from './status-card.tsx';

/**
 * /minha-conta "Biometria facial": the account's status as the spec's card, and 'Excluir minha
 * biometria' (confirmed in a dialog) for the data subject's right to delete (LGPD art. 18 VI).
 */
export function BiometrySection({
  userId,
  links,
}: {
  userId: string;
  links: Omit<TCardLinks, 'start' | 'onRetry' | 'onSuccess'>;
}) {
  const { t } = useI18n();
  const [view, setView] = useState<TCardView | { kind: 'none' }>({ kind: 'loading' });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const opener = useRef<HTMLButtonElement>(null);

  const load = useCallback(async () => {
    setView({ kind: 'loading' });
    const answer = await api('biometryUserStatus', { params: { userId } });
    // A failed lookup is NOT_EXISTENT (spec); no record: nothing to delete.
    if (!answer.ok) return setView({ kind: 'status', statusId: 0 });
    const data = answer.body.data;
    setView(
      data ? { kind: 'status', statusId: data.statusId, reviewDueAt: data.reviewDueAt } : { kind: 'none' },
    );
  }, [userId]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async () => {
    setBusy(true);
    setError('');
    const answer = await api('deleteMyBiometry');
    setBusy(false);
    if (!answer.ok) return setError(answer.message || t('biometry.deleteFailed'));
    toast.success(answer.body.Message);
    setConfirming(false);
    opener.current?.focus();
    await load();
  };

  const hasRecord = view.kind === 'status' && biometryStatusName(view.statusId) !== 'NOT_EXISTENT';
  return (
    <section className={styles.section} aria-labelledby="biometry-title" id="biometria">
      <h2 id="biometry-title">{t('biometry.sectionTitle')}</h2>
      {view.kind === 'none' ? (
        <>
          <p>{t('biometry.sectionNone')}</p>
          <Link className={`${forms.secondary} ${styles.buttonLink}`} to="/reconhecimento-facial">
            {t('biometry.register')}
          </Link>
        </>
      ) : (
        <BiometryStatusCard
          view={view}
          links={{ ...links, start: '/reconhecimento-facial', onRetry: load }}
        />
      )}
      {hasRecord && (
        <button type="button" ref={opener} className={styles.danger} onClick={() => setConfirming(true)}>
          {t('biometry.delete')}
        </button>
      )}
      <Dialog
        open={confirming}
        title={t('biometry.deleteTitle')}
        onClose={() => setConfirming(false)}
        dismissible
      >
        <div className={styles.modalBody}>
          <p>{t('biometry.deleteText')}</p>
          {error && (
            <p className={forms.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <button type="button" className={forms.secondary} onClick={() => setConfirming(false)}>
              {t('biometry.deleteCancel')}
            </button>
            <button type="button" className={styles.danger} onClick={remove} disabled={busy}>
              {t('biometry.deleteConfirm')}
            </button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}
