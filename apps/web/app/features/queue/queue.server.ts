import type { TQueueStatusAnswer } from '@ingressos/contracts';
import { typedApi } from '~/shared/api.server.ts';
import type { TSend } from '~/shared/api-client.ts';

/** The visitor's place in an event's queue (null when the event is unknown). */
export async function queueStatus(api: TSend, slug: string): Promise<TQueueStatusAnswer | null> {
  const answer = await typedApi(api)('queueStatus', { params: { slug } });
  return answer.ok ? answer.body : null;
}

/** Whether the event page must send this visitor to the waiting room first. */
export const mustWait = (status: TQueueStatusAnswer | null) =>
  status !== null && (status.state === 'none' || status.state === 'waiting' || status.state === 'expired');
