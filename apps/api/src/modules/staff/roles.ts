/** Issue 33: what each staff member is (staff_accounts.role). */
export const STAFF_ROLES = ['admin', 'support', 'biometry_reviewer', 'producer', 'gate'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];

/** The staff member a request carries: who, their role, and the events a producer or gate agent is limited to. */
export type TStaff = {
  id: string;
  email: string;
  name: string;
  role: TStaffRole;
  eventIds: number[];
};

/** Roles limited to their own events (`eventIds`); every other role sees every event. */
export const SCOPED_ROLES: readonly TStaffRole[] = ['producer', 'gate'];

/** Whether `staff` may act on `eventId`: always for the unscoped roles, only on their own events for the others. */
export function staffCoversEvent(staff: Pick<TStaff, 'role' | 'eventIds'>, eventId: number): boolean {
  return !SCOPED_ROLES.includes(staff.role) || staff.eventIds.includes(eventId);
}
