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
 * The configured face provider (BIOMETRY_PROVIDER). The local one is the default: `engine` is
 * this server's face engine (tests pass a stand-in), loaded on first use so a process that never
 * checks a face never loads the model.
 */
export function createBiometryProvider(options: {
  config: TConfig;
  db: TDb;
  engine: () => Promise<TFaceEngine>;
}): TBiometryProvider {
  const { config, db } = options;
  if (config.BIOMETRY_PROVIDER !== 'local')
    throw new Error(`BIOMETRY_PROVIDER=${config.BIOMETRY_PROVIDER} has no adapter in this build`);
  const store = createLocalFaceStore(db, createSealedBox(db, config.BIOMETRY_ENCRYPTION_KEY));
  let provider: Promise<TBiometryProvider> | undefined;
  // The engine's thresholds, known once it is loaded (every check loads it before a verdict).
  let thresholds = { match: 1, borderline: 1 };
  const local = () => {
    provider ??= options.engine().then((engine) => {
      thresholds = engine.thresholds;
      return createLocalBiometryProvider(engine, store);
    });
    provider.catch(() => {
      provider = undefined;
    });
    return provider;
  };
  return {
    name: 'local',
    get thresholds() {
      return thresholds;
    },
    check: async (input) => (await local()).check(input),
    search: async (probe) => (await local()).search(probe),
    enrol: async (subjectId, probe) => (await local()).enrol(subjectId, probe),
    // Forgetting a face needs no model: straight to the store.
    remove: (subjectId) => store.remove(subjectId),
  };
}
