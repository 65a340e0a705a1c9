import type { TEventSummary } from '@ingressos/contracts';
import { pushAnalytics, usePageTracking } from '~/shared/tracking.ts';
import { useI18n } from '~/ui/i18n.tsx';
import { type TFreshList, useFreshEvents } from './fresh-events.ts';

/**
 * What the home page does once it is on screen, out of its first script (issue 18): the list
 * view's analytics (commerce §7 "Tracking": GA4 `view_item_list` of the upcoming events, with
 * analytics consent), and the cards' stock read again from the snapshot file, since the page may
 * have been kept by a cache since an event sold out. Draws nothing.
 */
export default function HomeAfterLoad({
  upcoming,
  onFresh,
}: {
  upcoming: TEventSummary[];
  onFresh: (fresh: TFreshList) => void;
}) {
  const { t } = useI18n();
  useFreshEvents('nextEvents.json', upcoming, onFresh);
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
