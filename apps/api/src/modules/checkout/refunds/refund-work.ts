import type { TLocale } from '@ingressos/domain';
import type { TCheckoutServices } from '../services.ts';
import { runDueRefunds } from './execute-refund.ts';
import { runCancellationJobs } from './run-cancellations.ts';

/**
 * Issue 33: the staff refunds' part of every process's reconciler pass (main.ts): the event
 * cancellation job that is free to take, then every refund due (a failure's backoff over, a crash's
 * lease lapsed). Each is claimed (FOR UPDATE SKIP LOCKED, a lease), so processes share the work.
 */
export async function runRefundWork(s: TCheckoutServices, owner: string, locale: TLocale) {
  const cancellation = await runCancellationJobs(s, owner, locale);
  const refunds = await runDueRefunds(s, locale);
  return { cancellation, refunds };
}
