import { brazilianAdult } from '../apps/api/src/testing/accounts.ts';

/** A cookie `name=value` as a browser sends it back, from an answer's Set-Cookie lines. */
function cookie(answer: Response, name: string): string {
  const line = answer.headers.getSetCookie().find((c) => new RegExp(`^(__Host-)?${name}=`).test(c));
  if (!line) throw new Error(`no ${name} cookie in the answer`);
  return line.split(';')[0]!;
}

/**
 * The benchmarks' logged-in buyer (bench/pages.ts, page-bytes.ts, profile-pages.ts): registered
 * through the API, with one ticket of the event `slug` (its first lot on sale) in the cart.
 * Answers the cookies a browser sends back: the session, its readable hint (issue 18) and the
 * cart session.
 */
export async function buyerWithCart(
  url: string,
  slug: string,
): Promise<{ sid: string; hint: string; cart: string }> {
  const registered = await fetch(`${url}/api/registerclient`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(brazilianAdult()),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const sid = cookie(registered, 'sid');
  const event = (await (await fetch(`${url}/assets/api/getEventTicketsBySlug/${slug}.json`)).json()) as {
    sections: { tickets: { lotId: number; availability: string }[] }[];
  };
  const lotId = event.sections.flatMap((s) => s.tickets).find((t) => t.availability === 'Disponivel')!.lotId;
  const added = await fetch(`${url}/api/v4/addtocart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: sid },
    body: JSON.stringify({ lotId, quantity: 1 }),
  });
  if (!added.ok) throw new Error(`addtocart answered ${added.status}`);
  return { sid, hint: cookie(registered, 'signed_in'), cart: cookie(added, 'cart_session') };
}
