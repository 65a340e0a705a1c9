import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import type { TBiometryProvider, TFaceEngine } from './face-provider.ts';
import { createLocalBiometryProvider } from './local.ts';
import { createLocalFaceStore } from './local-face-store.ts';
import { createSealedBox } from './sealed-box.ts';

export type { TBiometryProvider, TFaceEngine } from './face-provider.ts';

let sharedEngine: Promise<TFaceEngine> | undefined;
/**
 * This server's face engine (@vladmandic/human), imported on first use: a process that never
 * checks a face never loads the model. One per process (the engine shares its model anyway).
 */
export function defaultFaceEngine(): Promise<TFaceEngine> {
  sharedEngine ??= import('./local-face-engine.ts').then(({ createLocalFaceEngine }) =>
    createLocalFaceEngine(),
  );
  sharedEngine.catch(() => {
    sharedEngine = undefined;
  });
  return sharedEngine;
}

/**
 * A provider built on first use (the model, or the AWS SDK, loads then); `remove` may bypass it
 * (forgetting a face needs no model). The thresholds are the loaded provider's: every check loads
 * it before a verdict reads them.
 */
function lazyProvider(
  name: TBiometryProvider['name'],
  load: () => Promise<TBiometryProvider>,
  remove?: (subjectId: string) => Promise<void>,
): TBiometryProvider {
  let provider: Promise<TBiometryProvider> | undefined;
  let thresholds = { match: 1, borderline: 1 };
  const loaded = () => {
    provider ??= load().then((p) => {
      thresholds = p.thresholds;
      return p;
    });
    provider.catch(() => {
      provider = undefined;
    });
    return provider;
  };
  return {
    name,
    get thresholds() {
      return thresholds;
    },
    check: async (input) => (await loaded()).check(input),
    search: async (probe) => (await loaded()).search(probe),
    enrol: async (subjectId, probe) => (await loaded()).enrol(subjectId, probe),
    remove: remove ?? (async (subjectId) => (await loaded()).remove(subjectId)),
  };
}

/**
 * The configured face provider (BIOMETRY_PROVIDER): `local` (the default: `engine` on this
 * server, tests pass a stand-in; descriptors sealed in our database) or `rekognition` (AWS keeps
 * the faces in its collection, indexed by our user id).
 */
export function createBiometryProvider(options: {
  config: TConfig;
  db: TDb;
  engine: () => Promise<TFaceEngine>;
}): TBiometryProvider {
  const { config, db } = options;
  if (config.BIOMETRY_PROVIDER === 'rekognition') {
    const keys =
      config.REKOGNITION_ACCESS_KEY_ID && config.REKOGNITION_SECRET_ACCESS_KEY
        ? {
            accessKeyId: config.REKOGNITION_ACCESS_KEY_ID,
            secretAccessKey: config.REKOGNITION_SECRET_ACCESS_KEY,
          }
        : undefined;
    return lazyProvider('rekognition', async () => {
      const { createRekognitionProvider } = await import('./rekognition.ts');
      return createRekognitionProvider({
        // config.ts refuses rekognition without a region.
        region: config.REKOGNITION_REGION ?? '',
        collectionId: config.REKOGNITION_COLLECTION_ID,
        ...(config.REKOGNITION_ENDPOINT ? { endpoint: config.REKOGNITION_ENDPOINT } : {}),
        ...(keys ? { credentials: keys } : {}),
      });
    });
  }
  const store = createLocalFaceStore(db, createSealedBox(db, config.BIOMETRY_ENCRYPTION_KEY));
  return lazyProvider(
    'local',
    async () => createLocalBiometryProvider(await options.engine(), store),
    (subjectId) => store.remove(subjectId),
  );
}
