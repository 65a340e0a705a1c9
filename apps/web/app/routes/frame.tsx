import { data } from 'react-router';
import type { TMessageKey } from '~/i18n/index.ts';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import type { Route } from './+types/frame.ts';

/** Route id -> title of the pages whose screens arrive with their own issue. */
const TITLES: Record<string, TMessageKey> = {
  eventMap: 'page.eventMap',
  eventGroup: 'page.eventGroup',
  myTickets: 'page.myTickets',
  myShops: 'page.myTickets',
  myAccount: 'page.myAccount',
  accountData: 'page.accountData',
  payment: 'page.payment',
  identification: 'page.identification',
  ticketDetails: 'page.ticketDetails',
  transferTicket: 'page.transferTicket',
  transfers: 'page.transfers',
  login: 'page.login',
  register: 'page.register',
  registerMobile: 'page.register',
  results: 'page.results',
  cart: 'page.cart',
  confirmPasswordReset: 'page.confirmPasswordReset',
  printTickets: 'page.printTickets',
  commissionerTickets: 'page.commissionerTickets',
  commissionerTicket: 'page.commissionerTickets',
  paymentScript: 'page.paymentScript',
  checkoutStatus: 'page.checkoutStatus',
};

export function loader({ context, params }: Route.LoaderArgs) {
  // Every :slug route here is an event, map or group page: with no such event yet, it is a 404.
  if ('slug' in params) throw data(null, { status: 404 });
  const { locale, site } = context.get(requestServices);
  return { locale, brand: site.brandName };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const match = matches.at(-1);
  const key = match ? TITLES[match.id] : undefined;
  if (!loaderData || !key) return [];
  return [{ title: pageTitle(createTranslator(loaderData.locale)(key), loaderData.brand) }];
}

export default function Frame({ matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const key = TITLES[matches.at(-1)?.id ?? ''];
  return key ? <PageFrame title={t(key)} /> : null;
}
