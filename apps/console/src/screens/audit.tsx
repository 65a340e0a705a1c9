import type { TStaffAccount, TStaffAuditAnswer } from '@ingressos/contracts/staff';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, url } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Field, Live, Loading, Page } from '../ui/page.tsx';

const FILTERS = ['staffId', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 1);
}

/** Auditoria: every staff action, newest first, filtered by who, what and when; the same as CSV. */
export function AuditScreen() {
  const { t, date } = useI18n();
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])),
  );
  const cursor = params.get('cursor') ?? undefined;
  const [answer, setAnswer] = useState<TStaffAuditAnswer | null>(null);
  const [staff, setStaff] = useState<TStaffAccount[]>([]);
  const [error, setError] = useState('');
  const [previous, setPrevious] = useState<string[]>([]);
  const key = params.toString();

  useEffect(() => {
    void api('staffAccounts').then((result) => result.ok && setStaff(result.body.accounts));
  }, []);
  useEffect(() => {
    setAnswer(null);
    setError('');
    void api('staffAudit', { query: { ...filters, ...(cursor ? { cursor } : {}) } }).then((result) =>
      result.ok ? setAnswer(result.body) : setError(result.message || t('common.failed')),
    );
  }, [key, t]);

  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = Object.fromEntries(
      FILTERS.flatMap((name) => {
        const value = String(form.get(name) ?? '').trim();
        return value ? [[name, value]] : [];
      }),
    );
    setPrevious([]);
    setParams(next);
  };

  return (
    <Page
      title={t('audit.title')}
      actions={
        <a className="button-secondary" href={url('staffAuditCsv', undefined, filters)} download>
          {t('audit.export')}
        </a>
      }
    >
      <form className="filters" onSubmit={filter} aria-label={t('audit.filters')} key={key}>
        <Field id="staffId" label={t('audit.who')}>
          <select id="staffId" name="staffId" defaultValue={filters.staffId ?? ''}>
            <option value="">{t('audit.anyone')}</option>
            {staff.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name} ({each.email})
              </option>
            ))}
          </select>
        </Field>
        <Field id="action" label={t('audit.action')} hint={t('audit.actionHint')}>
          <input
            id="action"
            name="action"
            defaultValue={filters.action ?? ''}
            aria-describedby="action-hint"
          />
        </Field>
        <Field id="targetType" label={t('audit.targetType')}>
          <input id="targetType" name="targetType" defaultValue={filters.targetType ?? ''} />
        </Field>
        <Field id="targetId" label={t('audit.targetId')}>
          <input id="targetId" name="targetId" defaultValue={filters.targetId ?? ''} />
        </Field>
        <Field id="from" label={t('audit.from')}>
          <input id="from" name="from" type="date" defaultValue={filters.from ?? ''} />
        </Field>
        <Field id="to" label={t('audit.to')}>
          <input id="to" name="to" type="date" defaultValue={filters.to ?? ''} />
        </Field>
        <div className="filters-actions">
          <button type="submit" className="button">
            {t('audit.apply')}
          </button>
        </div>
      </form>
      <Live message={error} />
      {!answer && !error ? <Loading /> : null}
      {answer ? (
        <>
          <div className="table-wrap">
            <table>
              <caption>{answer.entries.length ? t('audit.caption') : t('audit.none')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.when')}</th>
                  <th scope="col">{t('audit.who')}</th>
                  <th scope="col">{t('audit.action')}</th>
                  <th scope="col">{t('audit.target')}</th>
                  <th scope="col">{t('common.reason')}</th>
                  <th scope="col">{t('audit.change')}</th>
                </tr>
              </thead>
              <tbody>
                {answer.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{date(entry.at)}</td>
                    <td>{entry.staffEmail ?? '—'}</td>
                    <td className="mono">{entry.action}</td>
                    <td>
                      {entry.targetType} <span className="mono sub">{entry.targetId}</span>
                    </td>
                    <td>{entry.reason ?? '—'}</td>
                    <td>
                      {entry.before !== null || entry.after !== null ? (
                        <details>
                          <summary>{t('audit.see')}</summary>
                          <pre>
                            {t('audit.before')}: {shown(entry.before)}
                            {'\n'}
                            {t('audit.after')}: {shown(entry.after)}
                          </pre>
                        </details>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label={t('common.pages')}>
            <button
              type="button"
              className="button-secondary"
              disabled={!cursor}
              onClick={() => {
                const before = previous.at(-1);
                setPrevious(previous.slice(0, -1));
                setParams({ ...filters, ...(before ? { cursor: before } : {}) });
              }}
            >
              {t('common.previous')}
            </button>
            <button
              type="button"
              className="button-secondary"
              disabled={!answer.nextCursor}
              onClick={() => {
                setPrevious([...previous, cursor ?? '']);
                setParams({ ...filters, cursor: answer.nextCursor! });
              }}
            >
              {t('common.next')}
            </button>
          </nav>
        </>
      ) : null}
    </Page>
  );
}
