import type { TEventTicketsResponse } from '@ingressos/contracts';
import { readSnapshot } from '~/shared/api-client.ts';
import { toMapSections } from './map-sections.ts';
import type { TMapSection } from './map-types.ts';

/**
 * Issue 18: the map's seats and tables as the event's snapshot file says now. The map page is
 * shared and may be kept by a cache after places were sold or held; after load it reads the same
 * file its loader read. Null when nothing moved or the file is not there.
 */
export async function freshMapSections(slug: string, shown: TMapSection[]): Promise<TMapSection[] | null> {
  const snapshot = await readSnapshot<TEventTicketsResponse>(`getEventTicketsBySlug/${slug}.json`);
  if (snapshot?.slug !== slug) return null;
  const sections = toMapSections(snapshot);
  return JSON.stringify(sections) === JSON.stringify(shown) ? null : sections;
}
