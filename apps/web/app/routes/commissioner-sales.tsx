import type { TCommissionerSalesResponse } from '@ingressos/contracts';
import { apiPath } from '@ingressos/contracts/endpoints';
import { data } from 'react-router';
import { CommissionerSales } from '~/features/commissioner/commissioner-pages.tsx';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import type { Route } from './+types/commissioner-sales.ts';

/**
 * /comissario/vendas?token=…: the commissioner's own sales view (beyond the spec), reached by the
 * signed link the site gives each commissioner (`npm run commissioner:link`). Never cached, never indexed.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const t = createTranslator(locale);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const headers = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };
  const answer = await serverApi(context)('commissionerSales', { query: { token } });
  if (!answer.ok) {
    return data(
      {
        title: pageTitle(t('page.commissionerSales'), site.brandName),
        sales: null,
        csvHref: '',
        error: answer.message,
      },
      { status: answer.status === 429 ? 429 : 403, headers },
    );
  }
  const sales: TCommissionerSalesResponse = answer.body;
  return data(
    {
      title: pageTitle(t('commissioner.sales.title', { name: sales.commissioner.name }), site.brandName),
      sales,
      csvHref: apiPath('commissionerSalesCsv', {}, { token }),
      error: '',
    },
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];
}

export default function CommissionerSalesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  if (!loaderData.sales)
    return (
      <section>
        <h1>{t('page.commissionerSales')}</h1>
        <p role="alert">{loaderData.error || t('commissioner.sales.invalid')}</p>
      </section>
    );
  return <CommissionerSales sales={loaderData.sales} csvHref={loaderData.csvHref} />;
}
