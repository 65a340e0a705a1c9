import type { TEventSummary } from '@ingressos/contracts';
import { pushAnalytics, usePageTracking } from '~/shared/tracking.ts';
import { useI18n } from '~/ui/i18n.tsx';

/**
 * The home page's view (commerce §7 "Tracking"): GA4 `view_item_list` of the upcoming events, with
 * analytics consent. Draws nothing; the page loads it lazily, out of its first script (issue 18).
 */
export default function HomeTracking({ upcoming }: { upcoming: TEventSummary[] }) {
  const { t } = useI18n();
  usePageTracking(({ analytics }) => {
    if (!analytics || upcoming.length === 0) return;
    pushAnalytics('view_item_list', {
      item_list_id: 'upcoming',
      item_list_name: t('home.upcoming'),
      items: upcoming.map((event, index) => ({
        item_id: String(event.id),
        item_name: event.name,
        item_category: event.category,
        price: event.minValue ?? 0,
        quantity: 1,
        index,
      })),
    });
  }, 'home');
  return null;
}
