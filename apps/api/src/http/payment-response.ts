import type { TPaymentAnswer } from '@ingressos/contracts';
import { wasRefused } from '@ingressos/domain/order-lifecycle';
import type { Context } from 'hono';
import type { TAppEnv } from './env.ts';

/**
 * A payment's answer, written once for every way to pay (POST /checkout/v1, Pix, the app's
 * checkout session, the commissioner's sale): a refused card is 402 with the same body.
 */
export const paymentResponse = (c: Context<TAppEnv>, paid: TPaymentAnswer) =>
  c.json(paid, wasRefused(paid.orderStatus) ? 402 : 200);
