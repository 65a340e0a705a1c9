import type { TEventSummary } from '@ingressos/contracts';
import { type TFreshList, useFreshEvents } from './fresh-events.ts';

/**
 * A list page's cards read again from its snapshot file once on screen (issue 18), loaded lazily
 * out of the page's first script. Draws nothing.
 */
export default function FreshList({
  file,
  events,
  onFresh,
}: {
  file: string;
  events: TEventSummary[];
  onFresh: (fresh: TFreshList) => void;
}) {
  useFreshEvents(file, events, onFresh);
  return null;
}
