import type { TStaffMe } from '@ingressos/contracts/staff';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { api, whenSignedOut } from './api.ts';
import { DuplicatesScreen } from './gate/duplicates.tsx';
import { GateApp } from './gate/gate.tsx';
import { DashboardScreen } from './producer/dashboard.tsx';
import { EventEditorScreen } from './producer/editor.tsx';
import { ProducerEventsScreen } from './producer/events.tsx';
import { GuestsScreen } from './producer/guests.tsx';
import { AuditScreen } from './screens/audit.tsx';
import { BiometryQueueScreen } from './screens/biometry-queue.tsx';
import { BiometryReviewScreen } from './screens/biometry-review.tsx';
import { CommissionersScreen } from './screens/commissioners.tsx';
import { CancellationScreen, EventsScreen } from './screens/events.tsx';
import { HomeScreen } from './screens/home.tsx';
import { InvitationScreen } from './screens/invitation.tsx';
import { EnrolScreen, LoginScreen, SecondStepScreen } from './screens/login.tsx';
import { OrderScreen } from './screens/order.tsx';
import { OrdersScreen } from './screens/orders.tsx';
import { SettingsScreen } from './screens/settings.tsx';
import { StaffScreen } from './screens/staff.tsx';
import { mayOpen, SessionContext, type TSection, type TSession, useSession } from './session.tsx';
import { Loading } from './ui/page.tsx';
import { Shell } from './ui/shell.tsx';
import './producer/producer.css';

/** Sends a visitor where their login stands: the login, its second step, or the console. */
function Guard({ section, children }: { section?: TSection; children: ReactNode }) {
  const { me } = useSession();
  const { pathname, search } = useLocation();
  if (!me) return <Navigate to={`/entrar?para=${encodeURIComponent(pathname + search)}`} replace />;
  if (me.stage === 'password')
    return <Navigate to={me.totpEnrolled ? '/entrar/codigo' : '/entrar/autenticador'} replace />;
  if (section && !mayOpen(me, section)) return <Navigate to="/" replace />;
  return <Shell>{children}</Shell>;
}

export function App() {
  const [me, setMe] = useState<TStaffMe | null | undefined>(undefined);
  const refresh = useCallback(async () => {
    const answer = await api('staffMe');
    setMe(answer.ok ? answer.body : null);
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  // A call answered 401 (the session ended or was disabled): forget it; the guard sends a console
  // screen to the login (with the way back), and the public screens stay as they are.
  useEffect(() => whenSignedOut(() => setMe(null)), []);
  const session = useMemo<TSession>(() => ({ me: me ?? null, setMe, refresh }), [me, refresh]);
  if (me === undefined) return <Loading />;
  return (
    <SessionContext value={session}>
      <Routes>
        <Route path="/entrar" element={<LoginScreen />} />
        <Route path="/entrar/codigo" element={<SecondStepScreen />} />
        <Route path="/entrar/autenticador" element={<EnrolScreen />} />
        <Route path="/convite" element={<InvitationScreen />} />
        <Route
          path="/"
          element={
            <Guard>
              <HomeScreen />
            </Guard>
          }
        />
        <Route
          path="/pedidos"
          element={
            <Guard section="orders">
              <OrdersScreen />
            </Guard>
          }
        />
        <Route
          path="/pedidos/:orderId"
          element={
            <Guard section="orders">
              <OrderScreen />
            </Guard>
          }
        />
        <Route
          path="/biometria"
          element={
            <Guard section="biometry">
              <BiometryQueueScreen />
            </Guard>
          }
        />
        <Route
          path="/biometria/:uuid"
          element={
            <Guard section="biometry">
              <BiometryReviewScreen />
            </Guard>
          }
        />
        <Route
          path="/equipe"
          element={
            <Guard section="staff">
              <StaffScreen />
            </Guard>
          }
        />
        <Route
          path="/auditoria"
          element={
            <Guard section="audit">
              <AuditScreen />
            </Guard>
          }
        />
        <Route
          path="/eventos"
          element={
            <Guard section="events">
              <EventsScreen />
            </Guard>
          }
        />
        <Route
          path="/eventos/cancelamentos/:id"
          element={
            <Guard section="events">
              <CancellationScreen />
            </Guard>
          }
        />
        <Route
          path="/configuracoes"
          element={
            <Guard section="settings">
              <SettingsScreen />
            </Guard>
          }
        />
        <Route
          path="/comissarios"
          element={
            <Guard section="commissioners">
              <CommissionersScreen />
            </Guard>
          }
        />
        <Route
          path="/producao"
          element={
            <Guard section="producer">
              <ProducerEventsScreen />
            </Guard>
          }
        />
        <Route
          path="/producao/novo"
          element={
            <Guard section="producer">
              <EventEditorScreen />
            </Guard>
          }
        />
        <Route
          path="/producao/:eventId"
          element={
            <Guard section="producer">
              <EventEditorScreen />
            </Guard>
          }
        />
        <Route
          path="/producao/:eventId/convidados"
          element={
            <Guard section="producer">
              <GuestsScreen />
            </Guard>
          }
        />
        <Route
          path="/producao/:eventId/vendas"
          element={
            <Guard section="producer">
              <DashboardScreen />
            </Guard>
          }
        />
        <Route path="/portaria" element={<GateApp />} />
        <Route
          path="/duplicados"
          element={
            <Guard section="duplicates">
              <DuplicatesScreen />
            </Guard>
          }
        />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </SessionContext>
  );
}
