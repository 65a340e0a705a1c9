import { API_MESSAGES, type TInstallmentOption } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { installmentPlans } from '@ingressos/domain/installments';
import { formatMoney } from '@ingressos/domain/money';
import type { TDb } from '../../../db/client.ts';
import { sql } from '../../../db/orm.ts';
import { rows } from '../../../db/rows.ts';
import type { TCheckoutServices } from '../services.ts';

/** Interest-free when every ticket type of the event says so (the spec's noInterest / X-NoInterest). */
export async function eventNoInterest(db: TDb, eventId: number): Promise<boolean> {
  const result = await rows<{ no_interest: boolean }>(
    db,
    sql`select coalesce(bool_and(t.no_interest), false) as no_interest
        from event_tickets t join event_sections sec on sec.id = t.section_id where sec.event_id = ${eventId}`,
  );
  return Boolean(result[0]?.no_interest);
}

/**
 * Issue 15: the event's interest terms, the same for the installment table and the charge: every
 * ticket noInterest (all interest-free), and the counts up to which the event absorbs the interest.
 */
export async function eventInterestTerms(
  db: TDb,
  eventId: number,
): Promise<{ noInterest: boolean; interestFreeUpTo: number | null }> {
  // Both in one statement (issue 37: a card payment reads them).
  const result = await rows<{ up_to: number | null; no_interest: boolean | null }>(
    db,
    sql`select e.max_interest_free_installments as up_to,
          (select coalesce(bool_and(t.no_interest), false)
           from event_tickets t join event_sections sec on sec.id = t.section_id
           where sec.event_id = e.id) as no_interest
        from events e where e.id = ${eventId}`,
  );
  return { noInterest: Boolean(result[0]?.no_interest), interestFreeUpTo: result[0]?.up_to ?? null };
}

/**
 * GET api/socialEvent/{id}/getInstallments?value=: the gateway's installment table for a total,
 * from the same plan the charge uses (packages/domain/src/installments.ts), so the buyer is
 * charged exactly the total of the option chosen.
 */
export async function getInstallments(
  s: TCheckoutServices,
  input: {
    eventId: number;
    totalCents: number;
    currency?: string | undefined;
    /** Issue 15, the spec's X-NoInterest header: only the options the event sells interest-free. */
    onlyInterestFree?: boolean | undefined;
  },
  locale: TLocale,
): Promise<TInstallmentOption[]> {
  const event = await eventTerms(s.db, input.eventId);
  const currency = input.currency ?? event.currency;
  const gateway = s.gateways.forEvent(event.gateway);
  // An event no configured gateway sells has no installment table (its cart says it cannot be paid).
  if (!gateway) return [];
  const interest = await eventInterestTerms(s.db, input.eventId);
  const terms = { ...interest, interestBp: gateway.interestBp, max: gateway.maxInstallments, currency };
  const plans = installmentPlans(input.totalCents, terms);
  // X-NoInterest narrows the table, never changes a price: what is shown is what is charged.
  const offered = input.onlyInterestFree ? plans.filter((plan) => plan.interestBp === 0) : plans;
  return offered.map((plan) => {
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
      interestValue: (plan.totalCents - input.totalCents) / 100,
      label: `${plan.installments}x ${formatMoney(plan.installmentCents / 100, currency)} ${suffix}`,
    };
  });
}

/** The event's currency and gateway (commerce §9 enumeration; null: the site's default). */
async function eventTerms(db: TDb, eventId: number): Promise<{ currency: string; gateway: number | null }> {
  const result = await rows<{ currency: string; gateway: number | null }>(
    db,
    sql`select currency, gateway from events where id = ${eventId}`,
  );
  const row = result[0];
  return { currency: row?.currency === 'USD' ? 'USD' : 'BRL', gateway: row?.gateway ?? null };
}
