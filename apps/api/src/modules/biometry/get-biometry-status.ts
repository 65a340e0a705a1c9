import type { TBiometryStatusByUuidAnswer, TBiometryUserStatusAnswer } from '@ingressos/contracts/biometry';
import type { TLocale } from '@ingressos/domain';
import { BIOMETRY_STATUS, biometryStatusName, type TBiometryStatus } from '@ingressos/domain/biometry';
import { accessEnrolment, type TBiometryActor } from './biometry-access.ts';
import { newestEnrolment } from './biometry-state.ts';
import { biometryError } from './messages.ts';
import type { TBiometryServices } from './services.ts';

/** GET /v1/biometry/user/{userId}: the asker's own status only; `data` null when there is none. */
export async function getUserBiometry(options: {
  s: TBiometryServices;
  askerId: string;
  userId: string;
  locale: TLocale;
}): Promise<TBiometryUserStatusAnswer> {
  const { s, locale } = options;
  if (options.askerId !== options.userId) throw biometryError('biometry_forbidden', 'not_yours', locale);
  const row = await newestEnrolment(s.db, options.userId);
  if (!row) return { success: false, data: null };
  const statusId = row.status as TBiometryStatus;
  return {
    success: true,
    data: {
      statusId,
      // The table's check keeps the status within 0..7, so the name always exists.
      statusName: biometryStatusName(statusId) ?? 'NOT_EXISTENT',
      uuid: row.uuid,
      groupId: null,
      groupName: null,
      hasExceededAttempts: statusId === BIOMETRY_STATUS.BLOCKED,
      reviewDueAt: row.reviewDueAt ? row.reviewDueAt.toISOString() : null,
    },
  };
}

/** GET /v1/biometry/status/{uuid}: for its owner's session or its enrolment token. */
export async function getBiometryByUuid(options: {
  s: TBiometryServices;
  uuid: string;
  actor: TBiometryActor;
  locale: TLocale;
}): Promise<TBiometryStatusByUuidAnswer> {
  const { enrolment } = await accessEnrolment(options);
  return {
    statusId: enrolment.status as TBiometryStatus,
    uuid: enrolment.uuid,
    hasExceededAttempts: enrolment.status === BIOMETRY_STATUS.BLOCKED,
  };
}
