import type { TStaffMe } from '@ingressos/contracts/staff';
import type { TProducerEventDocument } from '@ingressos/contracts/staff-producer';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { api, url } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { useSession } from '../session.tsx';
import { Live, Loading, Page } from '../ui/page.tsx';
import {
  describePath,
  emptyDocument,
  fieldId,
  setAt,
  slugOf,
  TABS,
  type TDoc,
  type TPath,
  type TTab,
  tabOf,
} from './document.ts';
import { EditorActions } from './editor-actions.tsx';
import { EventNav } from './event-nav.tsx';
import { STATE_TONE } from './events.tsx';
import { EditorContext, type TEditor } from './form.tsx';
import { AccessTab, CouponsTab } from './tab-coupons.tsx';
import { DataTab } from './tab-data.tsx';
import { MapTab } from './tab-map.tsx';
import { SalesTab } from './tab-sales.tsx';
import { SectionsTab } from './tab-sections.tsx';

type TProblem = { path: string; message: string };
type TSaveAnswer =
  | { ok: true; eventId: number; revision: number }
  | { ok: false; status: number; message: string; problems: TProblem[] };

/** Saves the whole document (a new event: creates it); 422 answers carry each problem at its path. */
async function saveDocument(eventId: string | null, revision: number, document: TDoc): Promise<TSaveAnswer> {
  const target = eventId ? url('saveProducerEvent', { eventId }) : url('createProducerEvent');
  const response = await fetch(target, {
    method: eventId ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(eventId ? { revision, document } : { document }),
  }).catch(() => null);
  const body = (await response?.json().catch(() => null)) as Record<string, unknown> | null;
  if (response?.ok && body)
    return { ok: true, eventId: Number(body.eventId), revision: Number(body.revision) };
  const listed = body?.issues ?? body?.errors;
  const problems = Array.isArray(listed)
    ? (listed as TProblem[]).map((p) => ({ ...p, path: p.path.replace(/^events\[\d+\]\.?/, '') }))
    : [];
  const message = String(body?.Message ?? body?.message ?? '');
  return { ok: false, status: response?.status ?? 0, message, problems };
}

/**
 * The producer a new event names: a producer signs every event with the name their events already
 * carry (the api refuses another); an administrator, or a producer's first event, starts from the
 * account's name.
 */
async function producerName(me: TStaffMe | null): Promise<string> {
  if (me?.role !== 'producer') return '';
  const list = await api('producerEvents');
  const first = list.ok ? list.body.events[0] : undefined;
  if (!first) return me.name;
  const answer = await api('producerEventDocument', { params: { eventId: String(first.id) } });
  return answer.ok ? answer.body.document.producer : me.name;
}

/**
 * The event editor (issue 34): the event as one document, in tabs (Dados, Setores e ingressos,
 * Mapa, Cupons, Acesso exclusivo, Fila e vendas), saved whole with the revision it was read at. A
 * stale save (409) says the event changed and offers to reload; a refused one (422) puts each
 * problem beside its field and lists them above, each a way to its field.
 */
export function EventEditorScreen() {
  const { eventId: param } = useParams();
  const eventId = param && param !== 'novo' ? param : null;
  const { t } = useI18n();
  const { me } = useSession();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<TProducerEventDocument | null>(null);
  const [doc, setDoc] = useState<TDoc | null>(null);
  const [dirty, setDirty] = useState(false);
  const [tab, setTab] = useState<TTab>('data');
  const [problems, setProblems] = useState<TProblem[]>([]);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const focusAfter = useRef<string | null>(null);
  const { state } = useLocation();
  useEffect(() => {
    if ((state as { created?: boolean } | null)?.created) setNotice(t('producer.created'));
  }, [state, t]);

  const load = useCallback(async () => {
    setError('');
    setStale(false);
    setProblems([]);
    if (!eventId) {
      setDoc(
        emptyDocument(await producerName(me), {
          section: t('producer.defaultSection'),
          ticket: t('producer.defaultTicket'),
        }),
      );
      return;
    }
    const answer = await api('producerEventDocument', { params: { eventId } });
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    setLoaded(answer.body);
    setDoc(answer.body.document);
    setDirty(false);
  }, [eventId, me, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const set = useCallback(
    (path: TPath, value: unknown) => {
      setDoc((before) => {
        if (!before) return before;
        let next = setAt(before, path, value);
        // A new event's address follows its name until the producer writes one.
        if (!eventId && path.length === 1 && path[0] === 'name' && before.slug === slugOf(before.name))
          next = { ...next, slug: slugOf(String(value)) };
        return next;
      });
      setDirty(true);
    },
    [eventId],
  );
  const errors = useMemo(() => new Map(problems.map((p) => [p.path, p.message])), [problems]);
  const editor = useMemo<TEditor | null>(() => (doc ? { doc, set, errors } : null), [doc, set, errors]);

  // The chosen tab stays in sight in the strip (it scrolls sideways on a phone).
  useEffect(() => {
    document.getElementById(`tab-${tab}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  // After a jump from the summary, the field takes the focus once its tab is on screen.
  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const save = async () => {
    if (!doc) return;
    setBusy(true);
    setError('');
    setNotice('');
    setStale(false);
    const answer = await saveDocument(eventId, loaded?.revision ?? 1, doc);
    setBusy(false);
    if (answer.ok) {
      setProblems([]);
      setDirty(false);
      if (!eventId) {
        navigate(`/producao/${answer.eventId}`, { replace: true, state: { created: true } });
        return;
      }
      await load();
      setNotice(t('producer.saved'));
      return;
    }
    if (answer.status === 409) {
      setStale(true);
      return setError(answer.message || t('producer.stale'));
    }
    setProblems(answer.problems);
    setError(
      answer.problems.length
        ? t('producer.invalid', { n: answer.problems.length })
        : answer.message || t('common.failed'),
    );
  };

  const jump = (problem: TProblem) => {
    focusAfter.current = fieldId(problem.path);
    setTab(tabOf(problem.path));
  };

  const title = eventId ? (loaded?.document.name ?? t('producer.editTitle')) : t('producer.newTitle');
  if (!doc || !editor)
    return (
      <Page title={title}>
        <Live message={error} />
        {error ? null : <Loading />}
      </Page>
    );
  const onTabKey = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!;
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };
  return (
    <Page
      title={title}
      actions={
        <button type="button" className="button" onClick={save} disabled={busy}>
          {eventId ? t('producer.save') : t('producer.createSubmit')}
        </button>
      }
    >
      {eventId ? <EventNav eventId={eventId} /> : null}
      {loaded ? (
        <p className="editor-state">
          <span className={`badge badge-${STATE_TONE[loaded.status]}`}>
            {t(`producer.status.${loaded.status}`)}
          </span>
          <span className="muted">{t('producer.revision', { n: loaded.revision })}</span>
          {dirty ? <span className="badge badge-wait">{t('producer.unsaved')}</span> : null}
        </p>
      ) : null}
      {eventId && loaded ? (
        <EditorActions eventId={eventId} loaded={loaded} dirty={dirty} onChanged={load} />
      ) : null}
      <Live message={notice} tone="ok" />
      <Live message={error} />
      {stale ? (
        <p>
          <button type="button" className="button-secondary" onClick={() => void load()}>
            {t('producer.reload')}
          </button>
        </p>
      ) : null}
      {problems.length > 0 ? (
        <nav className="card problems" aria-label={t('producer.problems')}>
          <ul className="plain">
            {problems.map((problem) => (
              <li key={problem.path + problem.message}>
                <button type="button" className="button-link" onClick={() => jump(problem)}>
                  <strong>{describePath(doc, problem.path, t('producer.lotWord')) || '—'}</strong>:{' '}
                  {problem.message}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="tabs" role="tablist" aria-label={t('producer.tabs')}>
        {TABS.map((name) => {
          const count = problems.filter((p) => tabOf(p.path) === name).length;
          return (
            <button
              key={name}
              type="button"
              role="tab"
              id={`tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => setTab(name)}
              onKeyDown={onTabKey}
            >
              {t(`producer.tab.${name}`)}
              {count ? <span className="tab-count">{t('producer.tabProblems', { n: count })}</span> : null}
            </button>
          );
        })}
      </div>
      <EditorContext value={editor}>
        <section className="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'data' ? <DataTab isNew={!eventId} /> : null}
          {tab === 'sections' ? <SectionsTab counters={loaded?.lots ?? []} /> : null}
          {tab === 'map' ? <MapTab counters={loaded?.places ?? []} /> : null}
          {tab === 'coupons' ? <CouponsTab /> : null}
          {tab === 'access' ? <AccessTab /> : null}
          {tab === 'sales' ? <SalesTab /> : null}
        </section>
      </EditorContext>
      <div className="editor-foot">
        <button type="button" className="button" onClick={save} disabled={busy}>
          {eventId ? t('producer.save') : t('producer.createSubmit')}
        </button>
      </div>
    </Page>
  );
}
