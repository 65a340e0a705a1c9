import { apiPath } from '@ingressos/contracts/endpoints';
import { redirect } from 'react-router';
import { requestServices } from '~/server-context.ts';
import type { Route } from './+types/print-tickets.ts';

/** /home/PrintTickets: the account's tickets (of one event with ?eventId=) as a PDF download. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const eventId = url.searchParams.get('eventId');
  const orderId = url.searchParams.get('orderId');
  const query = {
    eventId: eventId && /^\d{1,10}$/.test(eventId) ? eventId : undefined,
    orderId: orderId || undefined,
  };
  // A PDF streamed through, not JSON: the one call that skips the typed client (it reads JSON).
  const response = await context.get(requestServices).api(apiPath('ticketsPdf', {}, query));
  if (response.status === 401)
    throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  if (!response.ok) throw redirect('/meus-ingressos');
  return new Response(response.body, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="ingressos.pdf"',
      'cache-control': 'private, no-store',
    },
  });
}
