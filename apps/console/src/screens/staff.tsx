import type { TStaffAccount, TStaffRoleName } from '@ingressos/contracts/staff';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api } from '../api.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { useSession } from '../session.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field, Live, Loading, Page } from '../ui/page.tsx';

/**
 * The contract's STAFF_ROLE_NAMES and STAFF_SCOPED_ROLES, written here so the bundle does not carry
 * zod (the contract module builds its schemas on load); `satisfies` ties them to the contract's type.
 */
const ROLES = [
  'admin',
  'support',
  'biometry_reviewer',
  'producer',
  'gate',
] as const satisfies readonly TStaffRoleName[];
const SCOPED: readonly TStaffRoleName[] = ['producer', 'gate'];

/** "12, 40" → [12, 40]; anything that is not a whole number is dropped (the API checks the rest). */
function eventIdsOf(text: string): number[] {
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** Role and events, as one pair of fields (events only for the roles limited to their own). */
function RoleFields({
  role,
  setRole,
  events,
  setEvents,
}: {
  role: TStaffRoleName;
  setRole: (role: TStaffRoleName) => void;
  events: string;
  setEvents: (events: string) => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <Field id="staff-role" label={t('staff.role')}>
        <select id="staff-role" value={role} onChange={(e) => setRole(e.target.value as TStaffRoleName)}>
          {ROLES.map((name) => (
            <option key={name} value={name}>
              {t(`role.${name}`)}
            </option>
          ))}
        </select>
      </Field>
      {SCOPED.includes(role) ? (
        <Field
          id="staff-events"
          label={t('staff.events')}
          hint={t(role === 'gate' ? 'staff.eventsGate' : 'staff.eventsHint')}
        >
          <input
            id="staff-events"
            value={events}
            onChange={(e) => setEvents(e.target.value)}
            inputMode="numeric"
            aria-describedby="staff-events-hint"
          />
        </Field>
      ) : null}
    </>
  );
}

function InviteDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (email: string) => void;
}) {
  const { t } = useI18n();
  const [role, setRole] = useState<TStaffRoleName>('support');
  const [events, setEvents] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    const answer = await api('createStaffAccount', {
      body: {
        email: String(form.get('email')),
        name: String(form.get('name')),
        role,
        eventIds: SCOPED.includes(role) ? eventIdsOf(events) : [],
      },
    });
    setBusy(false);
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    onDone(answer.body.account.email);
  };
  return (
    <Dialog title={t('staff.invite')} open={open} onClose={onClose}>
      <form onSubmit={submit} className="stack" noValidate>
        <Field id="invite-name" label={t('staff.name')}>
          <input id="invite-name" name="name" autoComplete="off" required />
        </Field>
        <Field id="invite-email" label={t('login.email')}>
          <input id="invite-email" name="email" type="email" autoComplete="off" required />
        </Field>
        <RoleFields role={role} setRole={setRole} events={events} setEvents={setEvents} />
        <Live message={error} />
        <div className="dialog-actions">
          <button type="button" className="button-quiet" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {t('staff.sendInvite')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function EditDialog({
  account,
  onClose,
  onDone,
}: {
  account: TStaffAccount | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const [role, setRole] = useState<TStaffRoleName>('support');
  const [events, setEvents] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    if (!account) return;
    setRole(account.role);
    setEvents(account.eventIds.join(', '));
    setError('');
  }, [account]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!account) return;
    const answer = await api('updateStaffAccount', {
      params: { id: account.id },
      body: { role, eventIds: SCOPED.includes(role) ? eventIdsOf(events) : [] },
    });
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    onDone();
  };
  return (
    <Dialog title={t('staff.editOf', { name: account?.name ?? '' })} open={!!account} onClose={onClose}>
      <form onSubmit={submit} className="stack" noValidate>
        <RoleFields role={role} setRole={setRole} events={events} setEvents={setEvents} />
        <Live message={error} />
        <div className="dialog-actions">
          <button type="button" className="button-quiet" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button">
            {t('common.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Equipe: the staff accounts, invitations, roles and events, disabling and unlocking. */
export function StaffScreen() {
  const { t, date } = useI18n();
  const { me } = useSession();
  const [accounts, setAccounts] = useState<TStaffAccount[] | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TStaffAccount | null>(null);
  const load = useCallback(async () => {
    const answer = await api('staffAccounts');
    if (answer.ok) setAccounts(answer.body.accounts);
    else setError(answer.message || t('common.failed'));
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);
  const act = async (run: () => Promise<{ ok: boolean; message?: string }>, done: string) => {
    setError('');
    setNotice('');
    const answer = await run();
    if (!answer.ok) return setError(answer.message || t('common.failed'));
    setNotice(done);
    await load();
  };
  return (
    <Page
      title={t('staff.title')}
      actions={
        <button type="button" className="button" onClick={() => setInviting(true)}>
          {t('staff.invite')}
        </button>
      }
    >
      <Live message={error} />
      <Live message={notice} tone="ok" />
      {accounts ? (
        <div className="table-wrap">
          <table>
            <caption>{t('staff.caption', { n: accounts.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.name')}</th>
                <th scope="col">{t('staff.role')}</th>
                <th scope="col">{t('staff.status')}</th>
                <th scope="col">{t('staff.lastLogin')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('staff.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((account) => (
                <tr key={account.id}>
                  <th scope="row">
                    {account.name}
                    <span className="sub">{account.email}</span>
                  </th>
                  <td>
                    {t(`role.${account.role}`)}
                    {account.eventIds.length ? (
                      <span className="sub">
                        {t('staff.eventList', { ids: account.eventIds.join(', ') })}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <span
                      className={`badge badge-${account.status === 'active' ? 'ok' : account.status === 'invited' ? 'wait' : 'muted'}`}
                    >
                      {t(`staff.status.${account.status}`)}
                    </span>
                    {account.lockedUntil ? (
                      <span className="badge badge-bad">{t('staff.locked')}</span>
                    ) : null}
                    {account.status === 'active' && !account.totpEnrolled ? (
                      <span className="sub">{t('staff.noTotp')}</span>
                    ) : null}
                  </td>
                  <td>{date(account.lastLoginAt)}</td>
                  <td className="row-actions">
                    {account.id === me?.id ? null : (
                      <>
                        <button
                          type="button"
                          className="button-quiet"
                          onClick={() => setEditing(account)}
                          aria-label={t('staff.editOf', { name: account.name })}
                        >
                          {t('staff.edit')}
                        </button>
                        {account.lockedUntil ? (
                          <button
                            type="button"
                            className="button-quiet"
                            aria-label={t('staff.unlockOf', { name: account.name })}
                            onClick={() =>
                              act(
                                () => api('unlockStaffAccount', { params: { id: account.id } }),
                                t('staff.unlocked', { name: account.name }),
                              )
                            }
                          >
                            {t('staff.unlock')}
                          </button>
                        ) : null}
                        {account.status !== 'invited' ? (
                          <button
                            type="button"
                            className="button-quiet"
                            aria-label={t(
                              account.status === 'disabled' ? 'staff.enableOf' : 'staff.disableOf',
                              { name: account.name },
                            )}
                            onClick={() =>
                              act(
                                () =>
                                  api('updateStaffAccount', {
                                    params: { id: account.id },
                                    body: { status: account.status === 'disabled' ? 'active' : 'disabled' },
                                  }),
                                t(account.status === 'disabled' ? 'staff.enabled' : 'staff.disabled', {
                                  name: account.name,
                                }),
                              )
                            }
                          >
                            {t(account.status === 'disabled' ? 'staff.enable' : 'staff.disable')}
                          </button>
                        ) : null}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : error ? null : (
        <Loading />
      )}
      <InviteDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onDone={(email) => {
          setInviting(false);
          setNotice(t('staff.invited', { email }));
          void load();
        }}
      />
      <EditDialog
        account={editing}
        onClose={() => setEditing(null)}
        onDone={() => {
          setEditing(null);
          setNotice(t('staff.saved'));
          void load();
        }}
      />
    </Page>
  );
}
