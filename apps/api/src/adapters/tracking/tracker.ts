/**
 * Where pixel events go (commerce §7 "Tracking"): one server event in the Conversions API's shape,
 * for one pixel. `local` records it (/_dev/pixel); `meta` posts it to the Graph API.
 */
export type TServerEvent = {
  event_name: string;
  /** Unix seconds. */
  event_time: number;
  /** Browser and server events with the same name and id are counted once. */
  event_id: string;
  action_source: 'website';
  event_source_url?: string;
  /** Hashed (SHA-256 hex) identifiers, each a one-element list; IP and user agent as they are (not hashed, per the documentation). */
  user_data: {
    em?: string[];
    ph?: string[];
    fn?: string[];
    ln?: string[];
    external_id?: string[];
    country?: string[];
    client_ip_address?: string;
    client_user_agent?: string;
    fbp?: string;
    fbc?: string;
  };
  custom_data: {
    currency: 'BRL';
    value: number;
    content_type?: 'product';
    content_ids?: string[];
    contents?: { id: string; quantity: number; item_price: number }[];
    content_name?: string;
    num_items?: number;
    order_id?: string;
  };
};

export type TPixel = { pixelId: string; accessToken: string };

export type TTracker = {
  kind: 'local' | 'meta';
  /** Sends one event; `duplicate` when this recorder already counted its (name, id). Throws when the provider refuses. */
  send(pixel: TPixel, catalogueEventId: number, event: TServerEvent): Promise<{ duplicate: boolean }>;
};
