import { BIOMETRY_STATUS, biometryStatusName } from '@ingressos/domain/biometry';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatDate } from '~/i18n/format.ts';
import forms from '~/ui/forms.module.css';
import { useI18n } from '~/ui/i18n.tsx';
import styles from './biometry.module.css';

/**
 * What the card shows (accounts §4 "Card by status"): still loading, no record for the account
 * ('Biometria não encontrada'), or a status id (any number: one the spec does not define reads
 * 'Status desconhecido'). A failed lookup is shown as NOT_EXISTENT by whoever asked (status id 0).
 */
export type TCardView =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'status'; statusId: number; reviewDueAt?: string | null };

export type TCardLinks = {
  /** Where 'Iniciar agora' / 'Cadastrar biometria' go (the capture page, or a button's action). */
  start?: string | (() => void);
  /** Support, FAQ and attendant pages (the deployment's help centre and chat). */
  helpUrl: string;
  attendantUrl: string;
  manualReviewHours: number;
  onRetry?: () => void;
  /** ACTIVE: called 2 s after the card shows (the flow continues by itself). */
  onSuccess?: () => void;
};

/** The spec's biometry card for one status, with its exact title and buttons. */
export function BiometryStatusCard({
  view,
  links,
  heading = 2,
}: {
  view: TCardView;
  links: TCardLinks;
  /** The card title's level: 3 inside a page section that has its own heading. */
  heading?: 2 | 3;
}) {
  const { t, locale } = useI18n();
  const active = view.kind === 'status' && view.statusId === BIOMETRY_STATUS.ACTIVE;
  const { onSuccess } = links;
  useEffect(() => {
    if (!active || !onSuccess) return;
    const timer = setTimeout(onSuccess, 2000);
    return () => clearTimeout(timer);
  }, [active, onSuccess]);

  const external = (href: string, label: string) => (
    <a className={forms.secondary} href={href} target="_blank" rel="noreferrer">
      {label}
    </a>
  );
  const start = (label: string) => {
    const target = links.start;
    if (!target) return null;
    return typeof target === 'string' ? (
      <Link className={forms.primary} to={target}>
        {label}
      </Link>
    ) : (
      <button type="button" className={forms.primary} onClick={target}>
        {label}
      </button>
    );
  };
  const Title = heading === 3 ? 'h3' : 'h2';
  const card = (tone: string, title: string, text: string | null, actions: React.ReactNode) => (
    <section
      className={`${styles.card} ${styles[tone] ?? ''}`}
      aria-live="polite"
      data-testid="biometry-card"
    >
      <Title className={styles.cardTitle}>{title}</Title>
      {text && <p>{text}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );

  if (view.kind === 'loading')
    return card(
      'neutral',
      t('biometry.loading'),
      null,
      <button type="button" className={forms.primary} disabled>
        {t('biometry.loading')}
      </button>,
    );
  if (view.kind === 'missing')
    return card(
      'warn',
      t('biometry.notFound'),
      t('biometry.notFoundText'),
      <>
        <button type="button" className={forms.primary} onClick={links.onRetry}>
          {t('biometry.retry')}
        </button>
        {external(links.helpUrl, t('biometry.support'))}
      </>,
    );
  switch (biometryStatusName(view.statusId)) {
    case 'STARTED':
      return card('neutral', t('biometry.pending'), t('biometry.pendingText'), start(t('biometry.startNow')));
    case 'IN_PROGRESS':
      return card(
        'neutral',
        t('biometry.pending'),
        t('biometry.pendingText'),
        start(t('biometry.restartNow')),
      );
    case 'MANUAL_VERIFICATION':
      return card(
        'info',
        t('biometry.review'),
        view.reviewDueAt
          ? t('biometry.reviewDue', {
              date: formatDate(view.reviewDueAt, locale, { dateStyle: 'short', timeStyle: 'short' }),
            })
          : t('biometry.reviewText', { hours: String(links.manualReviewHours) }),
        external(links.helpUrl, t('biometry.faq')),
      );
    case 'BLOCKED':
      // No card (spec): the code and the request to contact support.
      return (
        <div className={styles.blocked} role="alert" data-testid="biometry-card">
          <p className={styles.code}>{t('biometry.blockedCode')}</p>
          <p>{t('biometry.blockedText')}</p>
          {external(links.helpUrl, t('biometry.support'))}
        </div>
      );
    case 'LINKED_TO_ANOTHER_ACCOUNT':
      return card(
        'warn',
        t('biometry.linked'),
        t('biometry.linkedText'),
        external(links.attendantUrl, t('biometry.attendant')),
      );
    case 'ACTIVE':
      return card('ok', t('biometry.active'), null, null);
    case 'NOT_EXISTENT':
      return card(
        'neutral',
        t('biometry.register'),
        t('biometry.registerText'),
        start(t('biometry.register')),
      );
    case 'DOCUMENT_MISMATCH':
      return card(
        'warn',
        t('biometry.documentMismatch'),
        t('biometry.documentMismatchText'),
        external(links.attendantUrl, t('biometry.attendant')),
      );
    default:
      return (
        <p className={styles.unknown} data-testid="biometry-card">
          {t('biometry.unknown')}
        </p>
      );
  }
}
