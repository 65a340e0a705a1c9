import type { TTracker } from './tracker.ts';

export type TMetaOptions = {
  /** The Graph API base with its version, e.g. https://graph.facebook.com/v21.0. */
  graphUrl: string;
  /** Events Manager's "Test events" code, while checking a set-up. */
  testEventCode?: string;
  fetch?: typeof fetch;
};

/**
 * Meta's Conversions API: POST {graph}/{pixel_id}/events with `data` (a list of server events)
 * and the access token. Meta deduplicates a browser pixel event and a server event of the same
 * event_name and event_id, so a repeated send is counted once there too; this client cannot know
 * whether it was a repeat. Any non-2xx answer is a failure (its body names the problem, never a
 * buyer's data: those are hashed).
 */
export function createMetaTracker(options: TMetaOptions): TTracker {
  const post = options.fetch ?? fetch;
  const base = options.graphUrl.replace(/\/$/, '');
  return {
    kind: 'meta',
    async send(pixel, _catalogueEventId, event) {
      const response = await post(`${base}/${encodeURIComponent(pixel.pixelId)}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          data: [event],
          access_token: pixel.accessToken,
          ...(options.testEventCode ? { test_event_code: options.testEventCode } : {}),
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw new Error(`Conversions API answered ${response.status}: ${text.slice(0, 200)}`);
      }
      return { duplicate: false };
    },
  };
}
