import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { createLocalTracker } from './local.ts';
import { createMetaTracker } from './meta-conversions.ts';
import type { TPixel, TTracker } from './tracker.ts';

export type { TPixel, TServerEvent, TTracker } from './tracker.ts';

export function createTracker(config: TConfig, db: TDb): TTracker {
  if (config.TRACKING_PROVIDER === 'meta')
    return createMetaTracker({ graphUrl: config.META_GRAPH_URL, testEventCode: config.META_TEST_EVENT_CODE });
  return createLocalTracker(db);
}

/**
 * The pixel of a catalogue event: its own (META_PIXELS_BY_EVENT), else the site's. The local
 * recorder is a development tool: on a public deployment without a real provider nothing is
 * recorded (null: the event is ignored).
 */
export function pixelFor(config: TConfig, catalogueEventId: number): TPixel | null {
  if (config.TRACKING_PROVIDER === 'local')
    return config.localDeployment ? { pixelId: 'local', accessToken: '' } : null;
  const own = config.META_PIXELS_BY_EVENT?.[String(catalogueEventId)];
  if (own) return own;
  if (config.META_PIXEL_ID && config.META_ACCESS_TOKEN)
    return { pixelId: config.META_PIXEL_ID, accessToken: config.META_ACCESS_TOKEN };
  return null;
}
