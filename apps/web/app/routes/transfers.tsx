import { loadAuthScreen, loadUser } from '~/features/accounts/api.server.ts';
import { LazyAuthScreen } from '~/features/accounts/lazy-auth-screen.tsx';
import { TransferList } from '~/features/transfers/transfer-list.tsx';
import { createTranslator } from '~/i18n/index.ts';
import { requestServices } from '~/server-context.ts';
import { serverApi } from '~/shared/api.server.ts';
import { pageTranslator, useI18n } from '~/ui/i18n.tsx';
import { pageTitle } from '~/ui/meta.ts';
import { PageFrame } from '~/ui/page-frame.tsx';
import type { Route } from './+types/transfers.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const { locale, site } = context.get(requestServices);
  const base = { locale, brand: site.brandName };
  const user = await loadUser(context);
  if (!user) return { ...base, auth: await loadAuthScreen(context), transfers: null, failed: '' };
  const answer = await serverApi(context)('userTransfers', { query: { direction: 'all' } });
  return {
    ...base,
    auth: null,
    transfers: answer.ok ? answer.body.transfers : null,
    failed: answer.ok ? '' : (answer.error?.Message ?? createTranslator(locale)('app.genericError')),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: pageTitle(pageTranslator(matches)('page.transfers'), loaderData.brand) }];
}

/** /transferencias: transfers received (accept or refuse) and sent (cancel while pending). */
export default function Transfers({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  if (loaderData.auth) return <LazyAuthScreen data={loaderData.auth} redirectTo="/transferencias" />;
  const all = loaderData.transfers ?? [];
  return (
    <PageFrame title={t('page.transfers')}>
      {loaderData.failed && <p role="alert">{loaderData.failed}</p>}
      <section aria-labelledby="received">
        <h2 id="received">{t('transfers.received')}</h2>
        <TransferList
          transfers={all.filter((x) => x.direction === 'received')}
          empty={t('transfers.noneReceived')}
        />
      </section>
      <section aria-labelledby="sent">
        <h2 id="sent">{t('transfers.sentTitle')}</h2>
        <TransferList transfers={all.filter((x) => x.direction === 'sent')} empty={t('transfers.noneSent')} />
      </section>
    </PageFrame>
  );
}
