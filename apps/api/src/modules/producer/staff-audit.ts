import type { TStaff } from '../staff/roles.ts';

/** Who acts and from where: what each audited producer call writes beside its change. */
export type TStaffAudit = {
  staff: Pick<TStaff, 'id' | 'email'>;
  ip: string | null;
  requestId: string | null;
};
