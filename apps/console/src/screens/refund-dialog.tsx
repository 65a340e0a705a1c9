import type { TStaffOrderRefunds } from '@ingressos/contracts/staff-refunds';
import { type FormEvent, useEffect, useState } from 'react';
import { api, type TResult } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Live, ReasonField } from '../ui/page.tsx';

/**
 * Reembolsar: the whole order or chosen tickets, with the reason; the confirm button says the
 * amount that goes back. One Idempotency-Key per opening: a double click or a retry after a
 * timeout refunds once.
 */
export function RefundDialog({
  open,
  onClose,
  orderId,
  refunds,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  orderId: string;
  refunds: TStaffOrderRefunds;
  onDone: (amount: string) => void;
}) {
  const { t, money } = useI18n();
  const [scope, setScope] = useState<'whole' | 'tickets'>('whole');
  const [chosen, setChosen] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState('');
  useEffect(() => {
    if (!open) return;
    setScope('whole');
    setChosen([]);
    setReason('');
    setError('');
    setKey(crypto.randomUUID());
  }, [open]);
  const live = refunds.tickets.filter((ticket) => !ticket.voidedAt);
  const whole = refunds.totalCents - refunds.refundedCents - refunds.dueCents;
  const amount =
    scope === 'whole'
      ? whole
      : live
          .filter((ticket) => chosen.includes(ticket.id))
          .reduce((sum, ticket) => sum + ticket.refundCents, 0);
  const shown = money(amount, refunds.currency);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (scope === 'tickets' && chosen.length === 0) return setError(t('refund.chooseTickets'));
    if (reason.trim().length < 3) return setError(t('common.reasonRequired'));
    setBusy(true);
    setError('');
    const answer = await api('staffRefundOrder', {
      params: { orderId },
      headers: { 'Idempotency-Key': key },
      body: scope === 'whole' ? { reason } : { reason, ticketIds: chosen },
    });
    setBusy(false);
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    onDone(shown);
  };
  return (
    <Dialog title={t('order.refund')} open={open} onClose={onClose}>
      <form onSubmit={submit} className="stack" noValidate>
        <fieldset>
          <legend>{t('refund.what')}</legend>
          <div className="check">
            <input
              type="radio"
              id="scope-whole"
              name="scope"
              checked={scope === 'whole'}
              onChange={() => setScope('whole')}
            />
            <label htmlFor="scope-whole">
              {t('refund.whole', { amount: money(whole, refunds.currency) })}
            </label>
          </div>
          {refunds.partialAllowed && live.length > 1 ? (
            <div className="check">
              <input
                type="radio"
                id="scope-tickets"
                name="scope"
                checked={scope === 'tickets'}
                onChange={() => setScope('tickets')}
              />
              <label htmlFor="scope-tickets">{t('refund.someTickets')}</label>
            </div>
          ) : null}
        </fieldset>
        {scope === 'tickets' ? (
          <fieldset>
            <legend>{t('refund.whichTickets')}</legend>
            {live.map((ticket) => (
              <div className="check" key={ticket.id}>
                <input
                  type="checkbox"
                  id={`ticket-${ticket.id}`}
                  checked={chosen.includes(ticket.id)}
                  onChange={(e) =>
                    setChosen(
                      e.target.checked ? [...chosen, ticket.id] : chosen.filter((id) => id !== ticket.id),
                    )
                  }
                />
                <label htmlFor={`ticket-${ticket.id}`}>
                  {ticket.ticketName} · {ticket.holderName ?? t('refund.noHolder')} ·{' '}
                  {money(ticket.refundCents, refunds.currency)}
                </label>
              </div>
            ))}
          </fieldset>
        ) : null}
        <ReasonField id="refund-reason" label={t('common.reason')} value={reason} onChange={setReason} />
        <Live message={error} />
        <div className="dialog-actions">
          <button type="button" className="button-quiet" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button-danger" disabled={busy || amount <= 0}>
            {t('refund.confirm', { amount: shown })}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** An action that needs only a reason and a confirmation (protection claim, cancelling a pending order). */
export function ReasonDialog({
  open,
  onClose,
  title,
  confirm,
  danger = false,
  send,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  confirm: string;
  danger?: boolean;
  send: (reason: string) => Promise<TResult<unknown>>;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setError('');
    }
  }, [open]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setError(t('common.reasonRequired'));
    setBusy(true);
    setError('');
    const answer = await send(reason);
    setBusy(false);
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    onDone();
  };
  return (
    <Dialog title={title} open={open} onClose={onClose}>
      <form onSubmit={submit} className="stack" noValidate>
        <ReasonField id="action-reason" label={t('common.reason')} value={reason} onChange={setReason} />
        <Live message={error} />
        <div className="dialog-actions">
          <button type="button" className="button-quiet" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={danger ? 'button-danger' : 'button'} disabled={busy}>
            {confirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
