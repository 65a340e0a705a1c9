import type { TBiometryProvider, TFaceEngine, TFaceMatch, TFaceProbe } from './face-provider.ts';
import type { TLocalFaceStore } from './local-face-store.ts';

const descriptorOf = (probe: TFaceProbe) => {
  if (!probe.descriptor) throw new Error('the local provider needs a descriptor computed on this server');
  return probe.descriptor;
};

/**
 * The local provider: the engine checks captures and computes descriptors on this server; the
 * store keeps them sealed. Search opens each stored face and compares it with the engine's
 * similarity (a linear scan: fine for the thousands of faces a storefront enrols; a vector index
 * is the upgrade path).
 */
export function createLocalBiometryProvider(engine: TFaceEngine, store: TLocalFaceStore): TBiometryProvider {
  return {
    name: 'local',
    thresholds: engine.thresholds,
    check: (input) => engine.check(input),
    async search(probe) {
      const descriptor = descriptorOf(probe);
      const matches: TFaceMatch[] = [];
      for await (const face of store.others(null)) {
        const similarity = engine.similarity(descriptor, face.descriptor);
        if (similarity >= engine.thresholds.borderline)
          matches.push({ subjectId: face.subjectId, similarity });
      }
      return matches.sort((a, b) => b.similarity - a.similarity);
    },
    enrol: (subjectId, probe) => store.put(subjectId, descriptorOf(probe)),
    remove: (subjectId) => store.remove(subjectId),
  };
}
