/**
 * Facial biometry statuses (accounts §4, "Biometry status values (0 to 7)"). The numbers are the
 * spec's and travel in every biometry answer as `statusId`.
 */
export const BIOMETRY_STATUS = {
  NOT_EXISTENT: 0,
  IN_PROGRESS: 1,
  ACTIVE: 2,
  MANUAL_VERIFICATION: 3,
  BLOCKED: 4,
  STARTED: 5,
  LINKED_TO_ANOTHER_ACCOUNT: 6,
  DOCUMENT_MISMATCH: 7,
} as const;
export type TBiometryStatus = (typeof BIOMETRY_STATUS)[keyof typeof BIOMETRY_STATUS];
export type TBiometryStatusName = keyof typeof BIOMETRY_STATUS;

const NAMES = Object.fromEntries(Object.entries(BIOMETRY_STATUS).map(([name, id]) => [id, name])) as Record<
  TBiometryStatus,
  TBiometryStatusName
>;

/** The spec's status name for an id; null for a number the spec does not define ('Status desconhecido'). */
export function biometryStatusName(statusId: number): TBiometryStatusName | null {
  return NAMES[statusId as TBiometryStatus] ?? null;
}

/** The liveness challenge the capture asks for: bring the face closer to the camera across the frames. */
export const LIVENESS_CHALLENGES = ['move_closer'] as const;
export type TLivenessChallenge = (typeof LIVENESS_CHALLENGES)[number];
