import type { TGateEventList } from '@ingressos/contracts/gate';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { useI18n } from '../i18n/i18n.tsx';
import { mayOpen, useSession } from '../session.tsx';
import { Loading } from '../ui/page.tsx';
import { cacheLoadedAssets, installGateApp } from './install.ts';
import { downloadList, gateEvents } from './net.ts';
import { CountsPanel, ResultScreen, SearchPanel } from './panels.tsx';
import { preloadScanner, startScanner, type TScanner } from './scanner.ts';
import {
  deviceId,
  gateSections,
  saveGateSections,
  saveSetting,
  setting,
  storedEvents,
  tickets,
} from './store.ts';
import { useGate } from './use-gate.ts';
import './gate.css';

type TTab = 'scan' | 'search' | 'counts' | 'setup';
type TEventChoice = TGateEventList['events'][number];

/**
 * Issue 35: the gate app (/console/portaria), a phone's full screen. Online once to log in and
 * download the event's list; then it scans, decides and counts without a network, and syncs when
 * it can. Without a session but with a downloaded list and no network (a reload at the venue), it
 * goes on from what the device keeps.
 */
export function GateApp() {
  const { me } = useSession();
  const [offlineStart, setOfflineStart] = useState<boolean | null>(me ? false : null);
  useEffect(() => installGateApp(), []);
  useEffect(() => {
    if (me) return;
    // No session: is it the network (go on offline, if a list is here) or a real logout?
    void (async () => {
      const reached = await fetch('/api/staff/me').then(
        () => true,
        () => false,
      );
      setOfflineStart(!reached && (await storedEvents()).length > 0);
    })();
  }, [me]);
  if (offlineStart === null) return <Loading />;
  if (!me && !offlineStart) return <Navigate to="/entrar?para=%2Fportaria" replace />;
  if (me && me.stage !== 'full') return <Navigate to="/entrar/codigo" replace />;
  if (me && !mayOpen(me, 'gate')) return <Navigate to="/" replace />;
  return <Gate />;
}

function Gate() {
  const { t, date } = useI18n();
  const [tab, setTab] = useState<TTab>('setup');
  const [choices, setChoices] = useState<TEventChoice[] | null>(null);
  const [eventId, setEventId] = useState<number | null>(null);
  const [gate, setGate] = useState('');
  const [device, setDevice] = useState('');
  const [note, setNote] = useState('');
  const [sections, setSections] = useState<string[]>([]);
  const state = useGate(eventId, gate, sections);
  // The sections this gate admits (kept per event on the device), and those the list has.
  const [listed, setListed] = useState<string[]>([]);
  useEffect(() => {
    if (eventId !== null) void gateSections(eventId).then(setSections);
  }, [eventId]);
  useEffect(() => {
    if (eventId === null || !state.event) return;
    void tickets(eventId).then((all) => setListed([...new Set(all.map((k) => k.section))].sort()));
  }, [eventId, state.event]);
  const admit = (section: string, on: boolean) => {
    if (eventId === null) return;
    const now = sections.length ? sections : listed;
    const next = on ? [...now, section] : now.filter((s) => s !== section);
    // Every section ticked is kept as none: all (and a section added by a later sync is admitted).
    const kept = listed.every((s) => next.includes(s)) ? [] : next;
    setSections(kept);
    void saveGateSections(eventId, kept);
  };

  useEffect(() => {
    void (async () => {
      setDevice(await deviceId());
      setGate((await setting('gate')) ?? '');
      const kept = Number(await setting('eventId')) || null;
      const answer = await gateEvents();
      const stored = (await storedEvents()).map((e) => ({ ...e.event }));
      const list = answer?.ok ? answer.body.events : stored;
      setChoices(list);
      const first = kept && list.some((e) => e.id === kept) ? kept : (list[0]?.id ?? null);
      setEventId(first);
      if (first !== null && stored.some((e) => e.id === first)) setTab('scan');
    })();
  }, []);

  const download = async () => {
    if (eventId === null) return;
    setNote(t('gate.downloading'));
    await saveSetting('eventId', String(eventId));
    await saveSetting('gate', gate.trim());
    const [answer] = await Promise.all([
      downloadList(eventId),
      // The reader's code and .wasm, kept for a scanner opened offline later.
      preloadScanner()
        .then(cacheLoadedAssets)
        .catch(() => {}),
    ]);
    setNote(answer?.ok ? t('gate.downloaded', { n: answer.body.tickets.length }) : t('gate.needNetwork'));
    await state.reload();
    if (answer?.ok) setTab('scan');
  };

  if (choices === null) return <Loading />;
  return (
    <div className="gate">
      <header className="gate-bar">
        <h1>{state.event?.event.name ?? t('gate.title')}</h1>
        <p className={state.online ? 'gate-net gate-net-on' : 'gate-net gate-net-off'} role="status">
          {state.online ? t('gate.online') : t('gate.offline')} ·{' '}
          {state.pending ? t('gate.queue', { n: state.pending }) : t('gate.queueNone')}
        </p>
      </header>
      <nav className="gate-tabs" aria-label={t('gate.title')}>
        {(['scan', 'search', 'counts', 'setup'] as const).map((each) => (
          <button
            key={each}
            type="button"
            aria-pressed={tab === each}
            disabled={each !== 'setup' && !state.event}
            onClick={() => setTab(each)}
          >
            {t(`gate.tab.${each}`)}
          </button>
        ))}
      </nav>
      <main className="gate-main" id="main">
        {note ? (
          <p role="status" className="gate-note">
            {note}
          </p>
        ) : null}
        {tab === 'setup' ? (
          <section className="gate-setup">
            {choices.length === 0 ? <p>{t('gate.noEvents')}</p> : null}
            <label>
              {t('gate.chooseEvent')}
              <select value={eventId ?? ''} onChange={(e) => setEventId(Number(e.target.value))}>
                {choices.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name} · {date(e.startsAt)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('gate.gateName')}
              <input value={gate} maxLength={40} onChange={(e) => setGate(e.target.value)} />
              <span className="muted">{t('gate.gateHint')}</span>
            </label>
            <button type="button" className="gate-primary" disabled={eventId === null} onClick={download}>
              {t('gate.download')}
            </button>
            {listed.length > 1 ? (
              <fieldset className="gate-sections">
                <legend>{t('gate.sections')}</legend>
                {listed.map((s) => {
                  const on = !sections.length || sections.includes(s);
                  return (
                    <label key={s}>
                      <input
                        type="checkbox"
                        checked={on}
                        // The last section ticked stays: a gate admits at least one.
                        disabled={on && sections.length === 1}
                        onChange={(e) => admit(s, e.target.checked)}
                      />
                      {s}
                    </label>
                  );
                })}
              </fieldset>
            ) : null}
            {state.event ? (
              <p className="muted">{t('gate.listAge', { date: date(state.event.downloadedAt) })}</p>
            ) : null}
            <p className="muted">{t('gate.device', { id: device.slice(0, 12) })}</p>
            <p className="muted">{t('gate.install')}</p>
          </section>
        ) : null}
        {tab === 'scan' && state.event ? <ScanPanel scan={state.scan} paused={state.shown !== null} /> : null}
        {tab === 'search' && eventId !== null && state.event ? (
          <SearchPanel eventId={eventId} gate={gate} salt={state.event.cpfSalt} after={state.reload} />
        ) : null}
        {tab === 'counts' && eventId !== null ? (
          <CountsPanel eventId={eventId} version={state.pending} />
        ) : null}
        {state.syncNote ? (
          <p className="muted" role="status">
            {t('gate.synced', { sent: state.syncNote.sent, dup: state.syncNote.duplicates })}
          </p>
        ) : null}
        {state.pending && state.online ? (
          <button type="button" onClick={() => void state.syncNow()}>
            {t('gate.syncNow')}
          </button>
        ) : null}
      </main>
      {state.shown ? <ResultScreen shown={state.shown} onNext={() => state.setShown(null)} /> : null}
    </div>
  );
}

function ScanPanel({ scan, paused }: { scan: (text: string) => Promise<void>; paused: boolean }) {
  const { t } = useI18n();
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<TScanner | null>(null);
  const [failed, setFailed] = useState(false);
  const onCode = useCallback((text: string) => void scan(text), [scan]);
  const latest = useRef(onCode);
  latest.current = onCode;
  useEffect(() => {
    let gone = false;
    startScanner(video.current!, (text) => latest.current(text)).then(
      (started) => {
        if (gone) started.stop();
        else scanner.current = started;
        cacheLoadedAssets();
      },
      () => setFailed(true),
    );
    return () => {
      gone = true;
      scanner.current?.stop();
      scanner.current = null;
    };
  }, []);
  useEffect(() => {
    // The QR just answered stays ignored until it leaves the camera's sight (no red flash for a
    // ticket still held up after its green).
    scanner.current?.pause(paused);
  }, [paused]);
  return (
    <section className="gate-scan" aria-label={t('gate.ready')}>
      <p className="gate-ready">{failed ? t('gate.cameraFailed') : t('gate.aim')}</p>
      <video ref={video} className="gate-video" muted playsInline />
    </section>
  );
}
