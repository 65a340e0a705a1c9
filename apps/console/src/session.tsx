import type { TStaffMe, TStaffRoleName } from '@ingressos/contracts/staff';
import { createContext, useContext } from 'react';

/** Who is logged in (GET /api/staff/me), null when nobody is; `refresh` asks again. */
export type TSession = {
  me: TStaffMe | null;
  setMe: (me: TStaffMe | null) => void;
  refresh: () => Promise<void>;
};

export const SessionContext = createContext<TSession | null>(null);

export function useSession(): TSession {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside the app');
  return value;
}

/** The console's sections, and the roles that may open each (the API checks the same, and is the guard). */
export const SECTIONS = {
  orders: ['admin', 'support', 'producer'],
  biometry: ['admin', 'biometry_reviewer'],
  staff: ['admin'],
  audit: ['admin'],
  events: ['admin', 'producer'],
  producer: ['admin', 'producer'],
  settings: ['admin'],
  commissioners: ['admin'],
  gate: ['admin', 'producer', 'gate'],
  duplicates: ['admin', 'support', 'producer'],
} as const satisfies Record<string, readonly TStaffRoleName[]>;
export type TSection = keyof typeof SECTIONS;

export function mayOpen(me: TStaffMe | null, section: TSection): boolean {
  return !!me && me.stage === 'full' && (SECTIONS[section] as readonly string[]).includes(me.role);
}
