import type { TApiBuyer } from './purchase-kit.ts';
import type { StepTimer } from './step-timer.ts';

/** Where a visitor buys (through nginx), and what records its steps and how its journey ended. */
export type TVisit = {
  url: string;
  slug: string;
  eventId: number;
  lotId: number;
  timer: StepTimer;
  count: (outcome: string) => void;
  /** Cart sessions whose hold answered a server error (5xx, or a broken connection). */
  failedHolds: string[];
};

const auth = (buyer: TApiBuyer) => ({ authorization: `Bearer ${buyer.token}` });
const json = { 'content-type': 'application/json' };
/** What the sandbox card form makes in the browser from an approved test card. */
const approvedCard = () => `sbx_apro_visa_1111_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;

/**
 * One admitted visitor's purchase, logged in as `buyer` with the queue's cart session `session`:
 * the queue page and its status call (which claims the pass), the event page, the hold with the
 * pass, the holder's identification (the buyer's CPF), the card payment and My tickets. Each step
 * is timed by `v.timer`; the first that fails ends the journey, counted by its outcome.
 */
export async function buyTicket(v: TVisit, session: string, buyer: TApiBuyer): Promise<void> {
  const cookies = [`sid=${buyer.token}`, `cart_session=${session}`];
  const page = { headers: { cookie: cookies.join('; ') } };
  await v.timer.call('queuePage', `${v.url}/fila/${v.slug}`, page);
  const status = await v.timer.call(
    'queueStatus',
    `${v.url}/api/queue/${v.slug}`,
    { headers: { ...auth(buyer), 'x-session-id': session } },
    (answer) => answer.json?.state === 'admitted' && typeof answer.json.pass === 'string',
  );
  if (!status.ok) return v.count(`not admitted (${status.json?.state ?? status.status})`);
  const pass = String(status.json!.pass);
  cookies.push(`queue_pass_${v.eventId}=${pass}`);
  await v.timer.call('eventPage', `${v.url}/events/${v.slug}`, { headers: { cookie: cookies.join('; ') } });
  const hold = await v.timer.call(
    'hold',
    `${v.url}/api/v4/addtocart`,
    {
      method: 'POST',
      headers: { ...json, ...auth(buyer), 'x-session-id': session, 'x-queue-pass': pass },
      body: JSON.stringify({ lotId: v.lotId, quantity: 1 }),
    },
    (answer) => answer.status === 200,
  );
  let held = hold.ok ? hold.json! : null;
  if (!hold.ok && (hold.status === 0 || hold.status >= 500)) {
    v.failedHolds.push(session);
    // No answer is not a refusal: the hold may have committed before the error (a pool wait past
    // its limit, nginx's timeout). The cart page's own call says what the cart holds.
    const read = await v.timer.call(
      'cart after a failed hold',
      `${v.url}/api/v3/getcart`,
      {
        method: 'POST',
        headers: { ...json, ...auth(buyer), 'x-session-id': session },
        body: JSON.stringify({ sessionId: session }),
      },
      (answer) => ((answer.json?.cart as { items?: unknown[] } | null)?.items?.length ?? 0) > 0,
    );
    if (read.ok) held = read.json!;
  }
  if (!held) return v.count(`hold refused (${hold.status} ${hold.json?.code ?? ''})`.replace(' )', ')'));
  const cart = held.cart as { eventId: number; items: { ticketId: number }[] };
  const cartSession = String(held.sessionID ?? session);
  const identified = await v.timer.call(
    'identification',
    `${v.url}/api/CheckTicketsPerCPF`,
    {
      method: 'POST',
      headers: { ...json, ...auth(buyer), 'x-session-id': cartSession },
      body: JSON.stringify({
        ticketId: cart.items[0]!.ticketId,
        eventId: cart.eventId,
        cpfs: [buyer.cpf],
      }),
    },
    (answer) => answer.json?.ok === true,
  );
  if (!identified.ok) return v.count('holder refused');
  const paid = await v.timer.call(
    'payment',
    `${v.url}/checkout/v1`,
    {
      method: 'POST',
      headers: {
        ...json,
        ...auth(buyer),
        'x-session-id': cartSession,
        'idempotency-key': `onsale-${crypto.randomUUID()}`,
      },
      body: JSON.stringify({
        paymentType: 'credit_card',
        card: { token: approvedCard(), installments: 1 },
        identificationTickets: [{ indexItem: 0, cpfs: [buyer.cpf] }],
      }),
    },
    (answer) => answer.status === 200 && answer.json?.orderStatus === 3,
  );
  if (!paid.ok) return v.count(`payment failed (${paid.status} ${paid.json?.code ?? ''})`);
  await v.timer.call('myTickets', `${v.url}/meus-ingressos`, { headers: { cookie: `sid=${buyer.token}` } });
  v.count('bought');
}
