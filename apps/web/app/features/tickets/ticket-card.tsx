import type { TMyEvent, TMyTicket } from '@ingressos/contracts';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TMessageKey } from '~/i18n/pt-BR.ts';
import { rotatingOf } from '~/shared/offline-tickets.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { HalfPriceLabel } from './half-price-label.tsx';
import { QrDialog } from './qr-dialog.tsx';
import { RotatingQr } from './rotating-qr.tsx';
import styles from './tickets.module.css';
import { type TWalletOffer, WalletButtons } from './wallet-buttons.tsx';

const STATUS: Record<TMyTicket['status'], { key: TMessageKey; tone: string }> = {
  valid: { key: 'tickets.status.valid', tone: 'valid' },
  transferPending: { key: 'tickets.status.transferPending', tone: 'pending' },
  transferred: { key: 'tickets.status.transferred', tone: 'muted' },
  past: { key: 'tickets.status.past', tone: 'muted' },
  refunded: { key: 'tickets.status.refunded', tone: 'muted' },
};

/** One ticket: the event, the place, the holder (CPF hidden), its status, and what can be done with it. */
export function TicketCard({
  event,
  ticket,
  n,
  total,
  wallet,
}: {
  event: TMyEvent;
  ticket: TMyTicket;
  n: number;
  total: number;
  /** Issue 36: the wallets My tickets' answer offers (the holder's usable tickets show their buttons). */
  wallet?: TWalletOffer;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const status = STATUS[ticket.status];
  const holder = ticket.holderName
    ? `${ticket.holderName} · CPF ${ticket.holderCpf}`
    : `CPF ${ticket.holderCpf}`;
  const detail = `${ticket.sectionName} · ${ticket.ticketName}${ticket.placeAlias ? ` · ${ticket.placeAlias}` : ''}`;
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const usable = ticket.status === 'valid' || ticket.status === 'transferPending';
  // Issue 35: a rotating event gives its holder's device the code's data; the page computes it.
  const rotating = usable ? rotatingOf(ticket) : null;
  const showsCode = rotating !== null || ((usable || ticket.status === 'past') && ticket.qrSvg !== '');
  return (
    <article
      className={`${styles.ticket} ${ticket.status === 'transferred' || ticket.status === 'refunded' ? styles.faded : ''}`}
      aria-label={t('tickets.ticketLabel', { n, total })}
    >
      <img className={styles.poster} src={event.poster} alt="" width={120} height={160} loading="lazy" />
      <div className={styles.body}>
        <p className={styles.date}>{event.date}</p>
        <h2 className={styles.name}>{event.eventName}</h2>
        <p className={styles.muted}>
          {event.place} · {event.city}
        </p>
        <dl className={styles.facts}>
          <div>
            <dt>{t('tickets.sectionLabel')}</dt>
            <dd>
              {ticket.sectionName} · {ticket.ticketName}
            </dd>
          </div>
          {ticket.placeAlias && (
            <div>
              <dt>{t('tickets.placeLabel')}</dt>
              <dd>{ticket.placeAlias}</dd>
            </div>
          )}
          <div>
            <dt>{t('tickets.holderLabel')}</dt>
            <dd>{holder}</dd>
          </div>
        </dl>
        <HalfPriceLabel category={ticket.halfPriceCategory} />
        <p className={`${styles.badge} ${styles[status.tone]}`}>{t(status.key)}</p>
        {ticket.transfer && (
          <p className={styles.muted}>
            {t('tickets.transferPending', { cpf: ticket.transfer.destinationCpf })} ·{' '}
            <Link to="/transferencias">{t('tickets.transfersLink')}</Link>
          </p>
        )}
        {ticket.status === 'transferred' && <p className={styles.muted}>{t('tickets.transferredNote')}</p>}
      </div>
      {/* A transferred ticket has no QR nor action: no empty stub under a dashed line. */}
      {ticket.status !== 'transferred' && (
        <div className={styles.stub}>
          {showsCode ? (
            <>
              <button
                ref={opener}
                type="button"
                className={styles.qrButton}
                onClick={() => setOpen(true)}
                aria-label={t('tickets.showQrAria', { n })}
              >
                {rotating ? (
                  <RotatingQr rotating={rotating} n={n} size="thumb" decorative />
                ) : (
                  <img src={ticket.qrSvg} alt="" width={96} height={96} />
                )}
                <span>{t('tickets.showQr')}</span>
              </button>
              <QrDialog
                open={open}
                onClose={close}
                qrSvg={ticket.qrSvg}
                alt={t('tickets.qrAlt', { n })}
                code={rotating ? <RotatingQr rotating={rotating} n={n} size="big" /> : null}
                eventName={event.eventName}
                detail={`${event.date} · ${detail}`}
                holder={holder}
              />
            </>
          ) : null}
          <div className={styles.actions}>
            {ticket.status === 'valid' && (
              <Link
                className={styles.link}
                to={`/transferencia-ingresso?ticketId=${ticket.id}`}
                aria-label={t('tickets.transferAria', { n })}
              >
                {t('tickets.transfer')}
              </Link>
            )}
            {usable && (
              <a
                className={styles.link}
                href={`/home/PrintTickets?orderId=${ticket.orderId}`}
                download="ingressos.pdf"
              >
                {t('tickets.pdf')}
              </a>
            )}
          </div>
          {/* Its own row: the wallets' names are long, and beside the QR on a phone they took three lines. */}
          {usable && (wallet?.apple || wallet?.google) ? (
            <div className={styles.wallet}>
              <WalletButtons ticket={ticket} wallet={wallet} n={n} />
            </div>
          ) : null}
        </div>
      )}
    </article>
  );
}
