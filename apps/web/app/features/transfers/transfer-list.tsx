import type { TTransferView } from '@ingressos/contracts';
import { TRANSFER_STATUS } from '@ingressos/contracts/transfers';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { api } from '~/shared/api-client.ts';
import { useI18n } from '~/ui/i18n.tsx';
import checkout from '~/ui/panels.module.css';
import { toast } from '~/ui/toast-store.ts';
import styles from './transfers.module.css';

type TVerb = 'confirmTransfer' | 'returnTicketTransfer' | 'cancelTicketTransfer';

const STATUS_KEYS = [
  'transfers.status0',
  'transfers.status1',
  'transfers.status2',
  'transfers.status3',
] as const;

/** One list of transfers (received or sent), with the actions a pending one allows its viewer. */
export function TransferList({ transfers, empty }: { transfers: TTransferView[]; empty: string }) {
  if (transfers.length === 0) return <p>{empty}</p>;
  return (
    <ul className={styles.list}>
      {transfers.map((transfer) => (
        <TransferCard key={transfer.id} transfer={transfer} />
      ))}
    </ul>
  );
}

function TransferCard({ transfer }: { transfer: TTransferView }) {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  async function run(verb: TVerb, done: string) {
    setBusy(true);
    const answer = await api(verb, { body: { transferId: transfer.id } });
    setBusy(false);
    if (!answer.ok) return void toast.error(answer.kind === 'http' ? answer.message : t('app.genericError'));
    toast.success(done);
    await revalidator.revalidate();
  }

  const pending = transfer.status === TRANSFER_STATUS.PENDING;
  const label = `${transfer.eventName} · ${transfer.sectionName} · ${transfer.ticketName}`;
  return (
    <li className={styles.card} aria-label={label}>
      <h3>{transfer.eventName}</h3>
      <p>{transfer.eventDate}</p>
      <p>{transfer.place}</p>
      <p>
        {transfer.sectionName} · {transfer.ticketName}
      </p>
      <p>
        {transfer.direction === 'received'
          ? t('transfers.from', { name: transfer.counterpart ?? '' })
          : transfer.counterpart
            ? t('transfers.toAccount', { cpf: transfer.destinationCpf, email: transfer.counterpart })
            : t('transfers.to', { cpf: transfer.destinationCpf })}
      </p>
      <p className={styles.status}>{t(STATUS_KEYS[transfer.status])}</p>
      {pending && transfer.direction === 'received' && (
        <div className={styles.actions}>
          <button
            type="button"
            className={checkout.primary}
            disabled={busy}
            onClick={() => run('confirmTransfer', t('transfers.accepted'))}
          >
            {t('transfers.accept')}
          </button>
          <button
            type="button"
            className={checkout.secondary}
            disabled={busy}
            onClick={() => run('returnTicketTransfer', t('transfers.refused'))}
          >
            {t('transfers.refuse')}
          </button>
        </div>
      )}
      {pending && transfer.direction === 'sent' && (
        <div className={styles.actions}>
          <button
            type="button"
            className={checkout.secondary}
            disabled={busy}
            onClick={() => run('cancelTicketTransfer', t('transfers.cancelled'))}
          >
            {t('transfers.cancel')}
          </button>
        </div>
      )}
      {transfer.status === TRANSFER_STATUS.CONFIRMED && transfer.direction === 'received' && (
        <p>
          <Link to={`/detalhes-do-ingresso/${transfer.eventId}`}>{t('tickets.details')}</Link>
        </p>
      )}
    </li>
  );
}
