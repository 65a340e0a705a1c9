import { CartPage } from '~/features/cart/cart-page.tsx';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { pageTitle } from '~/ui/meta.ts';
import type { Route } from './+types/cart.ts';

/** /carrinho. The cart belongs to the browser's HttpOnly session cookie; the page reads it after hydration. */
export function loader({ context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  return { title: pageTitle(createTranslator(locale)('page.cart'), site.brandName) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];
}

export default function Cart() {
  return <CartPage />;
}
