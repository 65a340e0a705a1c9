import type { TConfig } from '../../config.ts';
import { createApnsPush, type TApnsCredentials } from './apns.ts';
import type { TApplePush } from './apple-push.ts';
import { createLocalApplePush } from './local.ts';

export type { TApplePush } from './apple-push.ts';
export { createLocalApplePush } from './local.ts';

/**
 * Apple's push: the real client on a public deployment with the Apple Wallet settings (the pass
 * type certificate and key), else the local recorder (this machine cannot reach Apple).
 */
export function createApplePush(config: TConfig, credentials: TApnsCredentials | null): TApplePush {
  if (credentials && !config.localDeployment) return createApnsPush(credentials);
  return createLocalApplePush();
}
