import { redirect } from 'react-router';
import { cookiesOf, serverApi } from '~/shared/api.server.ts';
import type { Route } from './+types/logout.ts';

/** 'Sair': revokes the session on the server, clears the cookie, and goes home. */
export async function action({ context }: Route.ActionArgs) {
  const answer = await serverApi(context)('logout');
  return redirect('/', { headers: cookiesOf(answer.headers) });
}

/** A GET changes nothing: logging out takes a POST from our own page. */
export function loader() {
  return redirect('/');
}
