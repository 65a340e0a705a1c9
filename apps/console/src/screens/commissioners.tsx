import type { TStaffCommissioner } from '@ingressos/contracts/staff';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field, Live, Loading, Page } from '../ui/page.tsx';

/** Comissários: who sells through a link, for which events, and what each sold (paid orders). */
export function CommissionersScreen() {
  const { t, money } = useI18n();
  const [list, setList] = useState<TStaffCommissioner[] | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [creating, setCreating] = useState(false);
  const [formError, setFormError] = useState('');
  const load = useCallback(async () => {
    const answer = await api('staffCommissioners');
    if (answer.ok) setList(answer.body.commissioners);
    else setError(answer.message || t('common.failed'));
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);
  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const eventIds = String(form.get('events') ?? '')
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    const hash = String(form.get('hash') ?? '').trim();
    const answer = await api('createStaffCommissioner', {
      body: { name: String(form.get('name')), eventIds, ...(hash ? { hash } : {}) },
    });
    if (!answer.ok) return setFormError(answer.message || t('common.failed'));
    setCreating(false);
    setNotice(t('commissioners.created', { name: answer.body.commissioner.name }));
    await load();
  };
  const toggle = async (each: TStaffCommissioner) => {
    setError('');
    const answer = await api('updateStaffCommissioner', {
      params: { id: String(each.id) },
      body: { active: !each.active },
    });
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    setNotice(t(each.active ? 'commissioners.deactivated' : 'commissioners.activated', { name: each.name }));
    await load();
  };
  return (
    <Page
      title={t('commissioners.title')}
      actions={
        <button
          type="button"
          className="button"
          onClick={() => {
            setFormError('');
            setCreating(true);
          }}
        >
          {t('commissioners.new')}
        </button>
      }
    >
      <Live message={error} />
      <Live message={notice} tone="ok" />
      {list ? (
        <div className="table-wrap">
          <table>
            <caption>{t('commissioners.caption', { n: list.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.name')}</th>
                <th scope="col">{t('commissioners.link')}</th>
                <th scope="col">{t('commissioners.events')}</th>
                <th scope="col" className="num">
                  {t('commissioners.orders')}
                </th>
                <th scope="col" className="num">
                  {t('commissioners.tickets')}
                </th>
                <th scope="col" className="num">
                  {t('commissioners.sales')}
                </th>
                <th scope="col">{t('staff.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('staff.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((each) => (
                <tr key={each.id}>
                  <th scope="row">{each.name}</th>
                  <td className="mono">{each.hash}</td>
                  <td>{each.eventIds.join(', ')}</td>
                  <td className="num">{each.orders}</td>
                  <td className="num">{each.tickets}</td>
                  <td className="num">
                    {each.totals.length
                      ? each.totals.map((total) => money(total.totalCents, total.currency)).join(' + ')
                      : '—'}
                  </td>
                  <td>
                    <span className={`badge badge-${each.active ? 'ok' : 'muted'}`}>
                      {t(each.active ? 'commissioners.active' : 'commissioners.inactive')}
                    </span>
                  </td>
                  <td className="row-actions">
                    <button
                      type="button"
                      className="button-quiet"
                      onClick={() => toggle(each)}
                      aria-label={t(each.active ? 'commissioners.deactivateOf' : 'commissioners.activateOf', {
                        name: each.name,
                      })}
                    >
                      {t(each.active ? 'commissioners.deactivate' : 'commissioners.activate')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : error ? null : (
        <Loading />
      )}
      <Dialog title={t('commissioners.new')} open={creating} onClose={() => setCreating(false)}>
        <form className="stack" onSubmit={create} noValidate>
          <Field id="c-name" label={t('staff.name')}>
            <input id="c-name" name="name" required autoComplete="off" />
          </Field>
          <Field id="c-events" label={t('commissioners.events')} hint={t('staff.eventsHint')}>
            <input
              id="c-events"
              name="events"
              inputMode="numeric"
              aria-describedby="c-events-hint"
              required
            />
          </Field>
          <Field id="c-hash" label={t('commissioners.hash')} hint={t('commissioners.hashHint')}>
            <input id="c-hash" name="hash" aria-describedby="c-hash-hint" autoComplete="off" />
          </Field>
          <Live message={formError} />
          <div className="dialog-actions">
            <button type="button" className="button-quiet" onClick={() => setCreating(false)}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button">
              {t('commissioners.create')}
            </button>
          </div>
        </form>
      </Dialog>
    </Page>
  );
}
