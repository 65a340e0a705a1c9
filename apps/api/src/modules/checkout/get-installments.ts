import { API_MESSAGES, type TInstallmentOption } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { installmentPlans } from '@ingressos/domain/installments';
import { formatMoney } from '@ingressos/domain/money';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import type { TCheckoutServices } from './services.ts';

/** Interest-free when every ticket type of the event says so (the spec's noInterest / X-NoInterest). */
export async function eventNoInterest(db: TDb, eventId: number): Promise<boolean> {
  const result = (await db.execute(
    sql`select coalesce(bool_and(t.no_interest), false) as no_interest
        from event_tickets t join event_sections sec on sec.id = t.section_id where sec.event_id = ${eventId}`,
  )) as unknown as { rows: { no_interest: boolean }[] };
  return Boolean(result.rows[0]?.no_interest);
}

/**
 * GET api/socialEvent/{id}/getInstallments?value=: the gateway's installment table for a total,
 * from the same plan the charge uses (packages/domain/src/installments.ts), so the buyer is
 * charged exactly the total of the option chosen.
 */
export async function getInstallments(
  s: TCheckoutServices,
  input: { eventId: number; totalCents: number; currency?: string | undefined },
  locale: TLocale,
): Promise<TInstallmentOption[]> {
  const event = await eventTerms(s.db, input.eventId);
  const currency = input.currency ?? event.currency;
  const gateway = s.gateways.forEvent(event.gateway);
  // An event no configured gateway sells has no installment table (its cart says it cannot be paid).
  if (!gateway) return [];
  const noInterest = await eventNoInterest(s.db, input.eventId);
  const terms = { noInterest, interestBp: gateway.interestBp, max: gateway.maxInstallments, currency };
  return installmentPlans(input.totalCents, terms).map((plan) => {
    const free = plan.interestBp === 0;
    const suffix = free
      ? API_MESSAGES[locale].labels.interest_free
      : `(${formatMoney(plan.totalCents / 100, currency)})`;
    return {
      installments: plan.installments,
      installmentValue: plan.installmentCents / 100,
      totalValue: plan.totalCents / 100,
      interestRate: plan.interestBp / 100,
      noInterest: free,
      label: `${plan.installments}x ${formatMoney(plan.installmentCents / 100, currency)} ${suffix}`,
    };
  });
}

/** The event's currency and gateway (commerce §9 enumeration; null: the site's default). */
async function eventTerms(db: TDb, eventId: number): Promise<{ currency: string; gateway: number | null }> {
  const result = (await db.execute(
    sql`select currency, gateway from events where id = ${eventId}`,
  )) as unknown as { rows: { currency: string; gateway: number | null }[] };
  const row = result.rows[0];
  return { currency: row?.currency === 'USD' ? 'USD' : 'BRL', gateway: row?.gateway ?? null };
}
