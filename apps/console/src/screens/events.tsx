import type { TEventCancellationProgress } from '@ingressos/contracts/staff-refunds';
import type { TStaffEventRow } from '@ingressos/contracts/staff-support';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field, Live, Loading, Page, ReasonField } from '../ui/page.tsx';

/** How often the progress screen asks again while the job runs. */
const POLL_MS = 2000;

/** "2027-03-10T21:00" (the field, in the operator's clock) → ISO 8601 with its offset. */
function withOffset(local: string): string {
  const date = new Date(local);
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.length === 16 ? `${local}:00` : local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const STATE_TONE: Record<TStaffEventRow['state'], string> = {
  on_sale: 'ok',
  not_on_sale: 'wait',
  cancelled: 'bad',
  past: 'muted',
};

/**
 * Eventos: the events staff may act on (all for an admin, their own for a producer), each with
 * where it stands and what it sold, and the actions Cancelar / Adiar / Ver andamento. Cancelling
 * refunds every paid order as a durable job (resumed after a restart) and voids the tickets;
 * postponing keeps the tickets and tells the buyers the new date. Each is asked in a dialog that
 * names the event, says what follows and takes the reason.
 */
export function EventsScreen() {
  const { t, date } = useI18n();
  const [events, setEvents] = useState<TStaffEventRow[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [acting, setActing] = useState<{ kind: 'cancel' | 'postpone'; event: TStaffEventRow } | null>(null);
  useEffect(() => {
    void api('staffEvents').then((answer) => {
      if (answer.ok) setEvents(answer.body.events);
      else setLoadError(answer.message || t('common.failed'));
    });
  }, [t]);
  return (
    <Page title={t('events.title')}>
      <p className="muted">{t('events.intro')}</p>
      <Live message={loadError} />
      {events === null ? (
        loadError ? null : (
          <Loading />
        )
      ) : events.length === 0 ? (
        <p className="muted">{t('events.none')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption>{t('events.caption', { n: events.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('events.event')}</th>
                <th scope="col">{t('events.date')}</th>
                <th scope="col">{t('events.state')}</th>
                <th scope="col" className="num">
                  {t('events.sold')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('events.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id}>
                  <th scope="row">
                    {event.name}
                    <span className="sub">
                      {[event.venueName, event.city].filter(Boolean).join(' · ')} · #{event.id}
                    </span>
                  </th>
                  <td>{date(event.startsAt)}</td>
                  <td>
                    <span className={`badge badge-${STATE_TONE[event.state]}`}>
                      {t(`events.state.${event.state}`)}
                    </span>
                  </td>
                  <td className="num">
                    {t('events.ordersTickets', { orders: event.paidOrders, tickets: event.ticketsSold })}
                  </td>
                  <td className="row-actions">
                    {event.state === 'cancelled' ? null : (
                      <>
                        <button
                          type="button"
                          className="button-quiet"
                          aria-label={t('events.cancelOf', { name: event.name })}
                          onClick={() => setActing({ kind: 'cancel', event })}
                        >
                          {t('events.cancelAction')}
                        </button>
                        <button
                          type="button"
                          className="button-quiet"
                          aria-label={t('events.postponeOf', { name: event.name })}
                          onClick={() => setActing({ kind: 'postpone', event })}
                        >
                          {t('events.postponeAction')}
                        </button>
                      </>
                    )}
                    {event.lastJob ? (
                      <Link
                        to={`/eventos/cancelamentos/${event.lastJob.id}`}
                        aria-label={t('events.progressOf', { name: event.name })}
                      >
                        {t('events.progress')}
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {acting ? <EventActionDialog {...acting} onClose={() => setActing(null)} /> : null}
    </Page>
  );
}

/** The cancel or postpone dialog for one event: the reason (and the new date), then the job's progress screen. */
function EventActionDialog({
  kind,
  event,
  onClose,
}: {
  kind: 'cancel' | 'postpone';
  event: TStaffEventRow;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [newStartsAt, setNewStartsAt] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (kind === 'postpone' && !newStartsAt) return setError(t('events.dateRequired'));
    if (reason.trim().length < 3) return setError(t('common.reasonRequired'));
    setBusy(true);
    const params = { eventId: String(event.id) };
    const answer =
      kind === 'cancel'
        ? await api('staffCancelEvent', { params, body: { reason } })
        : await api('staffPostponeEvent', { params, body: { reason, newStartsAt: withOffset(newStartsAt) } });
    setBusy(false);
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    navigate(`/eventos/cancelamentos/${answer.body.id}`);
  };
  return (
    <Dialog
      title={t(kind === 'cancel' ? 'events.cancelSubmit' : 'events.postponeSubmit')}
      open
      onClose={onClose}
    >
      <form className="stack" onSubmit={submit} noValidate>
        <p>
          {t(kind === 'cancel' ? 'events.cancelConfirm' : 'events.postponeConfirm', { name: event.name })}
        </p>
        {kind === 'postpone' ? (
          <Field id="new-date" label={t('events.newDate')}>
            <input
              id="new-date"
              type="datetime-local"
              value={newStartsAt}
              onChange={(e) => setNewStartsAt(e.target.value)}
              required
            />
          </Field>
        ) : null}
        <ReasonField
          id="event-reason"
          label={t('common.reason')}
          hint={t('events.reasonHint')}
          value={reason}
          onChange={setReason}
        />
        <Live message={error} />
        <div className="dialog-actions">
          <button type="button" className="button-quiet" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={kind === 'cancel' ? 'button-danger' : 'button'} disabled={busy}>
            {t(kind === 'cancel' ? 'events.cancelSubmit' : 'events.postponeSubmit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The job's progress, asked again every 2 s while it runs: 'N de M reembolsados', and the failures to retry. */
export function CancellationScreen() {
  const { id = '' } = useParams();
  const { t, date } = useI18n();
  const [progress, setProgress] = useState<TEventCancellationProgress | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const load = useCallback(async () => {
    const answer = await api('staffCancellation', { params: { id } });
    if (answer.ok) setProgress(answer.body);
    else setError(answer.message || t('common.failed'));
  }, [id, t]);
  useEffect(() => {
    void load();
  }, [load]);
  const running = progress?.status === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, load]);
  const retry = async () => {
    setError('');
    const answer = await api('staffRetryCancellation', { params: { id } });
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    setProgress(answer.body);
    setNotice(t('cancellation.retrying'));
  };
  if (!progress)
    return (
      <Page title={t('cancellation.title', { id })}>
        <Live message={error} />
        {error ? null : <Loading />}
      </Page>
    );
  const title = t(progress.kind === 'cancel' ? 'cancellation.cancelOf' : 'cancellation.postponeOf', {
    name: progress.eventName || `#${progress.eventId}`,
  });
  return (
    <Page title={title}>
      <Live message={error} />
      <Live message={notice} tone="ok" />
      <section className="card" aria-labelledby="progress-h">
        <h2 id="progress-h">{t(running ? 'cancellation.running' : 'cancellation.done')}</h2>
        <p className="big" role="status" aria-live="polite">
          {t('cancellation.count', { n: progress.refunded, m: progress.total })}
        </p>
        <progress
          max={Math.max(progress.total, 1)}
          value={progress.refunded}
          aria-label={t('cancellation.progress')}
        />
        <dl className="facts">
          <dt>{t('cancellation.due')}</dt>
          <dd>{progress.due}</dd>
          <dt>{t('cancellation.failed')}</dt>
          <dd>{progress.failed.length}</dd>
          <dt>{t('common.reason')}</dt>
          <dd>{progress.reason}</dd>
          {progress.newStartsAt ? (
            <>
              <dt>{t('events.newDate')}</dt>
              <dd>{date(progress.newStartsAt)}</dd>
            </>
          ) : null}
          <dt>{t('cancellation.started')}</dt>
          <dd>{date(progress.createdAt)}</dd>
          <dt>{t('cancellation.finished')}</dt>
          <dd>{date(progress.finishedAt)}</dd>
        </dl>
      </section>
      {progress.failed.length > 0 ? (
        <>
          <div className="table-wrap">
            <table>
              <caption>{t('cancellation.failures', { n: progress.failed.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('orders.code')}</th>
                  <th scope="col">{t('cancellation.error')}</th>
                </tr>
              </thead>
              <tbody>
                {progress.failed.map((failure) => (
                  <tr key={failure.refundId}>
                    <th scope="row">
                      <Link to={`/pedidos/${failure.orderId}`}>
                        {failure.orderId.slice(0, 8).toUpperCase()}
                      </Link>
                    </th>
                    <td>{failure.error ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button type="button" className="button" onClick={retry}>
            {t('cancellation.retry')}
          </button>
        </>
      ) : null}
    </Page>
  );
}
