import type { TProducerEventDocument } from '@ingressos/contracts/staff-producer';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, url } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field, Live, ReasonField } from '../ui/page.tsx';
import { zonedIso } from './document.ts';

type TAction = 'publish' | 'unpublish' | 'sold_out' | 'reopen';

/**
 * What the producer does to a saved event besides editing it: publish or take it off the site,
 * mark it sold out or reopen it, postpone it (the buyers are told; tickets stay valid), export its
 * import file, and open its public page. Not while changes are unsaved: the action would change
 * the revision under them.
 */
export function EditorActions({
  eventId,
  loaded,
  dirty,
  onChanged,
}: {
  eventId: string;
  loaded: TProducerEventDocument;
  dirty: boolean;
  onChanged: () => Promise<void>;
}) {
  const { t } = useI18n();
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [postponing, setPostponing] = useState(false);
  const { status, document } = loaded;
  const over = status === 'cancelled' || status === 'past';
  const actions: TAction[] = over
    ? []
    : ([
        document.published ? 'unpublish' : 'publish',
        ...(document.published ? [status === 'sold_out' ? 'reopen' : ('sold_out' as TAction)] : []),
      ] as TAction[]);
  const act = async (action: TAction) => {
    setError('');
    setNotice('');
    const answer = await api('producerEventStatus', { params: { eventId }, body: { action } });
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    await onChanged();
    setNotice(t(`producer.done.${action}`));
  };
  const exportFile = async () => {
    setError('');
    const response = await fetch(url('exportProducerEvent', { eventId })).catch(() => null);
    if (!response?.ok) return setError(t('common.failed'));
    const blob = new Blob([JSON.stringify(await response.json(), null, 2)], { type: 'application/json' });
    const link = window.document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${document.slug}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };
  return (
    <div className="editor-actions">
      <div className="action-row">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'publish' ? 'button' : 'button-secondary'}
            disabled={dirty}
            aria-describedby={dirty ? 'actions-dirty' : undefined}
            onClick={() => void act(action)}
          >
            {t(`producer.action.${action}`)}
          </button>
        ))}
        {over ? null : (
          <button
            type="button"
            className="button-secondary"
            onClick={() => setPostponing(true)}
            disabled={dirty}
          >
            {t('producer.postpone')}
          </button>
        )}
        <button type="button" className="button-secondary" onClick={() => void exportFile()}>
          {t('producer.export')}
        </button>
        {document.published ? (
          <a className="button-secondary" href={loaded.url} target="_blank" rel="noreferrer">
            {t('producer.viewPublic')}
          </a>
        ) : null}
      </div>
      {dirty ? (
        <p className="hint" id="actions-dirty">
          {t('producer.saveFirst')}
        </p>
      ) : null}
      <Live message={error} />
      <Live message={notice} tone="ok" />
      {postponing ? (
        <PostponeDialog
          eventId={eventId}
          name={document.name}
          timeZone={document.timeZone}
          onClose={() => setPostponing(false)}
        />
      ) : null}
    </div>
  );
}

function PostponeDialog({
  eventId,
  name,
  timeZone,
  onClose,
}: {
  eventId: string;
  name: string;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [when, setWhen] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!when) return setError(t('events.dateRequired'));
    if (reason.trim().length < 3) return setError(t('common.reasonRequired'));
    const answer = await api('staffPostponeEvent', {
      params: { eventId },
      body: { reason, newStartsAt: zonedIso(when, timeZone) },
    });
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    navigate(`/eventos/cancelamentos/${answer.body.id}`);
  };
  return (
    <Dialog title={t('events.postponeSubmit')} open onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <p>{t('events.postponeConfirm', { name })}</p>
        <Field id="postpone-date" label={t('producer.postponeDate', { zone: timeZone })}>
          <input
            id="postpone-date"
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            required
          />
        </Field>
        <ReasonField
          id="postpone-reason"
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
          <button type="submit" className="button">
            {t('events.postponeSubmit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
