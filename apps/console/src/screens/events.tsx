import type { TEventCancellationProgress } from '@ingressos/contracts/staff-refunds';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field, Live, Loading, Page } from '../ui/page.tsx';

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

/**
 * Eventos → cancelar ou adiar: the event, what happens to it, and why. Cancelling refunds every
 * paid order as a durable job (resumed after a restart) and voids the tickets; postponing keeps
 * the tickets and tells the buyers the new date. Confirmed in a dialog that says what follows.
 */
export function EventsScreen() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [kind, setKind] = useState<'cancel' | 'postpone'>('cancel');
  const [eventId, setEventId] = useState('');
  const [newStartsAt, setNewStartsAt] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const check = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!/^\d+$/.test(eventId.trim())) return setError(t('events.idRequired'));
    if (kind === 'postpone' && !newStartsAt) return setError(t('events.dateRequired'));
    if (reason.trim().length < 3) return setError(t('common.reasonRequired'));
    setConfirming(true);
  };
  const start = async () => {
    setBusy(true);
    const params = { eventId: eventId.trim() };
    const answer =
      kind === 'cancel'
        ? await api('staffCancelEvent', { params, body: { reason } })
        : await api('staffPostponeEvent', { params, body: { reason, newStartsAt: withOffset(newStartsAt) } });
    setBusy(false);
    setConfirming(false);
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    navigate(`/eventos/cancelamentos/${answer.body.id}`);
  };
  return (
    <Page title={t('events.title')}>
      <p className="muted">{t('events.intro')}</p>
      <form className="stack card" onSubmit={check} noValidate>
        <Field id="event-id" label={t('events.id')} hint={t('events.idHint')}>
          <input
            id="event-id"
            inputMode="numeric"
            value={eventId}
            onChange={(e) => setEventId(e.target.value)}
            aria-describedby="event-id-hint"
            required
          />
        </Field>
        <fieldset>
          <legend>{t('events.what')}</legend>
          <div className="check">
            <input
              type="radio"
              id="kind-cancel"
              name="kind"
              checked={kind === 'cancel'}
              onChange={() => setKind('cancel')}
            />
            <label htmlFor="kind-cancel">{t('events.cancel')}</label>
          </div>
          <div className="check">
            <input
              type="radio"
              id="kind-postpone"
              name="kind"
              checked={kind === 'postpone'}
              onChange={() => setKind('postpone')}
            />
            <label htmlFor="kind-postpone">{t('events.postpone')}</label>
          </div>
        </fieldset>
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
        <Field id="event-reason" label={t('common.reason')} hint={t('events.reasonHint')}>
          <textarea
            id="event-reason"
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-describedby="event-reason-hint"
            required
          />
        </Field>
        <Live message={error} />
        <div>
          <button type="submit" className={kind === 'cancel' ? 'button-danger' : 'button'}>
            {t(kind === 'cancel' ? 'events.cancelSubmit' : 'events.postponeSubmit')}
          </button>
        </div>
      </form>
      <Dialog
        title={t(kind === 'cancel' ? 'events.cancelSubmit' : 'events.postponeSubmit')}
        open={confirming}
        onClose={() => setConfirming(false)}
      >
        <p>{t(kind === 'cancel' ? 'events.cancelConfirm' : 'events.postponeConfirm', { id: eventId })}</p>
        <div className="dialog-actions">
          <button type="button" className="button-quiet" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={kind === 'cancel' ? 'button-danger' : 'button'}
            onClick={start}
            disabled={busy}
          >
            {t('events.confirm')}
          </button>
        </div>
      </Dialog>
    </Page>
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
    id: progress.eventId,
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
