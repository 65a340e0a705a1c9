import { CartPage } from '~/features/cart/cart-page.tsx';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { pageTitle } from '~/ui/meta.ts';
import type { Route } from './+types/cart.ts';

/**
 * /carrinho. The cart belongs to the browser's HttpOnly session cookie, which the in-process API
 * reads: the page comes from the server with its items (no 'Carregando' swapped for a list that
 * pushes the footer down). An expired cart (410) is left to the browser, which reactivates it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const answer = await serverApi(context)('getCart');
  const cart = answer.ok && answer.body.cart && answer.body.cart.items.length > 0 ? answer.body.cart : null;
  return {
    title: pageTitle(createTranslator(locale)('page.cart'), site.brandName),
    initial: { known: answer.ok, cart },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  return <CartPage initial={loaderData.initial} />;
}
