import type { TAnalyticsItem } from './tracking.ts';

/** Cart lines as analytics items and pixel contents (the cart and its actions only). */
/** A cart line as an analytics item: the lot is the item, its label as the page shows it. */
export function cartLineItem(
  line: {
    lotId: number;
    eventName: string;
    sectionName: string;
    ticketName: string;
    value: number;
    valuePromo: number;
    promoTicket: boolean;
  },
  quantity: number,
): TAnalyticsItem {
  return {
    item_id: String(line.lotId),
    item_name: `${line.sectionName} — ${line.ticketName}`,
    item_category: line.eventName,
    price: line.promoTicket ? line.valuePromo : line.value,
    quantity,
  };
}

/** The pixel's contents for analytics items. */
export const pixelContents = (items: TAnalyticsItem[]) =>
  items.map((item) => ({ id: item.item_id, quantity: item.quantity, item_price: item.price }));

export const itemsValue = (items: TAnalyticsItem[]) =>
  items.reduce((sum, item) => sum + item.price * item.quantity, 0);

/** One item per item id and price (a cart may hold the same lot in several lines). */
export function mergeItems(items: TAnalyticsItem[]): TAnalyticsItem[] {
  const merged = new Map<string, TAnalyticsItem>();
  for (const item of items) {
    const key = `${item.item_id}:${item.price}`;
    const found = merged.get(key);
    if (found) found.quantity += item.quantity;
    else merged.set(key, { ...item });
  }
  return [...merged.values()];
}
