import type { TApplePush } from './apple-push.ts';

/** The local default (development, tests): keeps the pushes it was asked to send. */
export function createLocalApplePush(): TApplePush & { pushes: { pushToken: string; topic: string }[] } {
  const pushes: { pushToken: string; topic: string }[] = [];
  return {
    kind: 'local',
    pushes,
    async push(pushToken, topic) {
      pushes.push({ pushToken, topic });
    },
  };
}
