import { BIOMETRY_STATUS } from '@ingressos/domain/biometry';
import QRCode from 'qrcode';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api } from '~/shared/api-client.ts';
import { Dialog } from '~/ui/dialog.tsx';
import forms from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import { MODAL_PRIORITY } from '~/ui/modal-queue.ts';
import styles from './biometry.module.css';
import { dismissBiometryModal } from './modal-rules.ts';
import { BiometryStatusCard, type TCardLinks } from './status-card.tsx';

/** Spec §4 "Modal status" and "Enrolment token flow". */
type TModal = 'checking' | 'show' | 'show-cadastro' | 'closed' | 'error';
type TTokenFlow =
  | { name: 'idle' }
  | { name: 'generating' }
  | { name: 'ready'; url: string; qr: string; expiresAt: number; uuid: string }
  | { name: 'processing'; statusId: number }
  | { name: 'error'; message: string };

const OPEN_STATUSES: readonly number[] = [
  BIOMETRY_STATUS.NOT_EXISTENT,
  BIOMETRY_STATUS.STARTED,
  BIOMETRY_STATUS.IN_PROGRESS,
];
/** Wide screens get the QR code for continuing on a phone (the mobile layout starts below 769 px). */
const WIDE = '(min-width: 769px)';
const POLL_MS = 3000;

export type TBiometryModalProps = {
  userId: string;
  links: Omit<TCardLinks, 'start' | 'onRetry' | 'onSuccess'>;
  /** Called once the modal is closed for good (the received-transfer pop-up waits until then). */
  onClosed: () => void;
};

/**
 * 'Mais seguranca para sua conta!': checks the account's biometry and, unless it is ACTIVE, shows
 * the status panel; for an enrolment still to do, a QR code (wide screens) whose link continues
 * the capture on a phone without a session, that link as text, and the webcam link. While the QR
 * code is up it follows the enrolment: once the phone has finished, the verdict's card shows here.
 */
export default function BiometryModal({ userId, links, onClosed }: TBiometryModalProps) {
  const { t, locale } = useI18n();
  const [modal, setModal] = useState<TModal>('checking');
  const [statusId, setStatusId] = useState<number | null>(null);
  const [flow, setFlow] = useState<TTokenFlow>({ name: 'idle' });
  const [copied, setCopied] = useState(false);
  const [wide, setWide] = useState(false);
  const closedOnce = useRef(false);

  const close = useCallback(
    (dismiss: boolean) => {
      if (dismiss) dismissBiometryModal();
      setModal('closed');
      if (!closedOnce.current) {
        closedOnce.current = true;
        onClosed();
      }
    },
    [onClosed],
  );

  const check = useCallback(async () => {
    const answer = await api('biometryUserStatus', { params: { userId } });
    // A failed lookup counts as NOT_EXISTENT (spec); no record is an enrolment still to do.
    const found = answer.ok ? answer.body.data : null;
    const id = found?.statusId ?? BIOMETRY_STATUS.NOT_EXISTENT;
    if (id === BIOMETRY_STATUS.ACTIVE) return close(false);
    setStatusId(id);
    setModal(OPEN_STATUSES.includes(id) ? 'show-cadastro' : 'show');
  }, [userId, close]);

  useEffect(() => {
    setWide(window.matchMedia(WIDE).matches);
    void check();
  }, [check]);

  const generate = useCallback(async () => {
    setFlow({ name: 'generating' });
    const started = await api('startBiometry', { body: {} });
    if (!started.ok)
      return setFlow({
        name: 'error',
        message: t('biometry.startError', { detail: started.message || t('app.genericError') }),
      });
    if (!OPEN_STATUSES.includes(started.body.statusId)) {
      setStatusId(started.body.statusId);
      return setFlow({ name: 'processing', statusId: started.body.statusId });
    }
    const made = await api('generateBiometryToken', {
      body: { uuid: started.body.uuid, channel: 'qrcode', locale },
    });
    if (!made.ok)
      return setFlow({
        name: 'error',
        message: t('biometry.tokenError', { detail: made.message || t('app.genericError') }),
      });
    const svg = await QRCode.toString(made.body.url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    setFlow({
      name: 'ready',
      url: made.body.url,
      qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
      expiresAt: Date.parse(made.body.expiresAt),
      uuid: started.body.uuid,
    });
  }, [locale, t]);

  // The QR code is made when the enrolment panel shows on a wide screen.
  useEffect(() => {
    if (modal === 'show-cadastro' && wide && flow.name === 'idle') void generate();
  }, [modal, wide, flow.name, generate]);

  // While the QR code is up, follow the enrolment (the phone finishes it).
  const readyUuid = flow.name === 'ready' ? flow.uuid : null;
  useEffect(() => {
    if (!readyUuid) return;
    const timer = setInterval(async () => {
      const answer = await api('biometryStatus', { params: { uuid: readyUuid } });
      if (!answer.ok || OPEN_STATUSES.includes(answer.body.statusId)) return;
      setStatusId(answer.body.statusId);
      setFlow({ name: 'processing', statusId: answer.body.statusId });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [readyUuid]);

  const copy = async () => {
    if (flow.name !== 'ready') return;
    await navigator.clipboard?.writeText(flow.url).catch(() => undefined);
    setCopied(true);
  };

  const cardLinks: TCardLinks = {
    ...links,
    start: '/reconhecimento-facial',
    onRetry: () => {
      setModal('checking');
      void check();
    },
    onSuccess: () => close(false),
  };
  const expired = flow.name === 'ready' && flow.expiresAt <= Date.now();
  const open = modal === 'show' || modal === 'show-cadastro';

  return (
    <Dialog
      open={open}
      title={t('biometry.modalTitle')}
      onClose={() => close(true)}
      dismissible
      priority={MODAL_PRIORITY.biometry}
    >
      <div className={styles.modalBody} data-testid="biometry-modal">
        {flow.name === 'processing' ? (
          <BiometryStatusCard view={{ kind: 'status', statusId: flow.statusId }} links={cardLinks} />
        ) : modal === 'show' && statusId !== null ? (
          <BiometryStatusCard view={{ kind: 'status', statusId }} links={cardLinks} />
        ) : (
          <>
            <p>{t('biometry.modalText')}</p>
            {wide && flow.name === 'generating' && <p role="status">{t('biometry.loading')}</p>}
            {flow.name === 'error' && (
              <p className={forms.error} role="alert">
                {flow.message}
              </p>
            )}
            {flow.name === 'ready' && (
              <div className={styles.qr}>
                <img src={flow.qr} alt={t('biometry.qrAlt')} width={168} height={168} />
                <div>
                  <h3>{t('biometry.qrTitle')}</h3>
                  <p className={styles.muted}>
                    {t('biometry.qrText', {
                      minutes: String(Math.max(1, Math.round((flow.expiresAt - Date.now()) / 60_000))),
                    })}
                  </p>
                  <p className={`${styles.muted} ${styles.waiting}`} role="status">
                    {t('biometry.waitingPhone')}
                  </p>
                </div>
              </div>
            )}
            {flow.name === 'ready' && (
              <div>
                <label className={styles.muted} htmlFor="biometry-link">
                  {t('biometry.qrLink')}
                </label>
                <div className={styles.qrLink}>
                  <input
                    id="biometry-link"
                    readOnly
                    value={flow.url}
                    onFocus={(event) => event.currentTarget.select()}
                    data-testid="biometry-token-url"
                  />
                  <button type="button" className={forms.link} onClick={copy}>
                    {copied ? t('biometry.copied') : t('biometry.copy')}
                  </button>
                </div>
              </div>
            )}
            {(expired || flow.name === 'error') && (
              <button type="button" className={forms.secondary} onClick={generate}>
                {t('biometry.newQr')}
              </button>
            )}
            <Link
              className={wide ? forms.link : `${forms.primary} ${styles.buttonLink}`}
              to="/reconhecimento-facial"
              onClick={() => close(false)}
            >
              {wide ? t('biometry.webcam') : t('biometry.register')}
            </Link>
          </>
        )}
        <button type="button" className={forms.link} onClick={() => close(true)}>
          {t('biometry.later')}
        </button>
      </div>
    </Dialog>
  );
}
