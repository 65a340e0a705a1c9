/**
 * False-match and false-non-match rates of the local face engine on the sample faces
 * (docs/face-matching.md). Each person enrols with a generated "move closer" capture (the
 * descriptor the product stores); genuine probes are single frames of the same face under one
 * variation each (zoom, shift, brightness, JPEG quality, mirror), a harsher probe than a whole
 * capture, whose descriptor averages its frames; impostor pairs are every pair of different
 * people: enrolment against enrolment, and each probe against every other person's enrolment.
 * Limit: the same photos, not different sessions, days, cameras or ages.
 */
import type { TLocalFaceEngine } from '../apps/api/src/adapters/biometry/local-face-engine.ts';
import { faceFrame, moveCloserFrames, SAMPLE_FACES, type TFaceView } from '../apps/api/src/testing/faces.ts';

export const VARIATIONS: { name: string; view: TFaceView; quality?: number }[] = [
  { name: 'far (zoom 0.8)', view: { zoom: 0.8 } },
  { name: 'close (zoom 1.5)', view: { zoom: 1.5 } },
  { name: 'shifted left and up', view: { zoom: 1.2, shiftX: -0.15, shiftY: -0.06 } },
  { name: 'shifted right and down', view: { zoom: 1.2, shiftX: 0.15, shiftY: 0.06 } },
  { name: 'dark (x0.55)', view: { zoom: 1.2, brightness: 0.55 } },
  { name: 'bright (x1.35)', view: { zoom: 1.2, brightness: 1.35 } },
  { name: 'JPEG quality 35', view: { zoom: 1.2 }, quality: 35 },
  { name: 'mirrored', view: { zoom: 1.2, mirror: true } },
];

export type TAccuracy = {
  people: number;
  thresholds: { match: number; borderline: number };
  enrolmentsRefused: string[];
  genuine: { pairs: number; missed: number; similarities: number[] };
  impostor: { enrolmentPairs: number; probePairs: number; similarities: number[] };
  /** At `match`: an impostor at or above it, a genuine pair below it. */
  atMatch: {
    falseMatchRate: number;
    falseNonMatchRate: number;
    falseMatches: number;
    falseNonMatches: number;
  };
  /** At `borderline`: what reaches a person (manual verification) or passes unseen. */
  atBorderline: {
    falseMatchRate: number;
    falseNonMatchRate: number;
    falseMatches: number;
    falseNonMatches: number;
  };
  byVariation: { name: string; pairs: number; belowMatch: number; belowBorderline: number; lowest: number }[];
  highestImpostor: { pair: string; similarity: number };
  lowestGenuine: { pair: string; similarity: number };
};

export async function measureAccuracy(engine: TLocalFaceEngine): Promise<TAccuracy> {
  const { match, borderline } = engine.thresholds;
  const enrolled: { id: string; descriptor: Float32Array }[] = [];
  const refused: string[] = [];
  for (const face of SAMPLE_FACES) {
    const result = await engine.check({
      frames: moveCloserFrames(face.id, { frames: 3 }),
      challenge: 'move_closer',
    });
    if (result.kind === 'ok' && result.probe.descriptor)
      enrolled.push({ id: face.id, descriptor: result.probe.descriptor });
    else refused.push(`${face.id}: ${result.kind}`);
  }

  const genuine: { pair: string; variation: string; similarity: number }[] = [];
  const impostor: { pair: string; similarity: number }[] = [];
  let missed = 0;
  for (let i = 0; i < enrolled.length; i += 1)
    for (let j = i + 1; j < enrolled.length; j += 1)
      impostor.push({
        pair: `${enrolled[i]!.id} / ${enrolled[j]!.id}`,
        similarity: engine.similarity(enrolled[i]!.descriptor, enrolled[j]!.descriptor),
      });
  const enrolmentPairs = impostor.length;
  for (const person of enrolled) {
    for (const variation of VARIATIONS) {
      const faces = await engine.detect(faceFrame(person.id, variation.view, { quality: variation.quality }));
      if (faces?.length !== 1) {
        // Not found (or not alone) in the probe: a non-match, counted at every threshold.
        missed += 1;
        genuine.push({ pair: person.id, variation: variation.name, similarity: 0 });
        continue;
      }
      const probe = faces[0]!.descriptor;
      genuine.push({
        pair: person.id,
        variation: variation.name,
        similarity: engine.similarity(person.descriptor, probe),
      });
      for (const other of enrolled)
        if (other.id !== person.id)
          impostor.push({
            pair: `${person.id} (${variation.name}) / ${other.id}`,
            similarity: engine.similarity(other.descriptor, probe),
          });
    }
  }

  const rates = (threshold: number) => {
    const falseMatches = impostor.filter((pair) => pair.similarity >= threshold).length;
    const falseNonMatches = genuine.filter((pair) => pair.similarity < threshold).length;
    return {
      falseMatches,
      falseNonMatches,
      falseMatchRate: falseMatches / impostor.length,
      falseNonMatchRate: falseNonMatches / genuine.length,
    };
  };
  const highest = impostor.reduce((a, b) => (b.similarity > a.similarity ? b : a));
  const lowest = genuine.reduce((a, b) => (b.similarity < a.similarity ? b : a));
  return {
    people: enrolled.length,
    thresholds: { match, borderline },
    enrolmentsRefused: refused,
    genuine: { pairs: genuine.length, missed, similarities: genuine.map((pair) => pair.similarity) },
    impostor: {
      enrolmentPairs,
      probePairs: impostor.length - enrolmentPairs,
      similarities: impostor.map((pair) => pair.similarity),
    },
    atMatch: rates(match),
    atBorderline: rates(borderline),
    byVariation: VARIATIONS.map(({ name }) => {
      const pairs = genuine.filter((pair) => pair.variation === name);
      return {
        name,
        pairs: pairs.length,
        belowMatch: pairs.filter((pair) => pair.similarity < match).length,
        belowBorderline: pairs.filter((pair) => pair.similarity < borderline).length,
        lowest: Math.min(...pairs.map((pair) => pair.similarity)),
      };
    }),
    highestImpostor: { pair: highest.pair, similarity: highest.similarity },
    lowestGenuine: { pair: `${lowest.pair} (${lowest.variation})`, similarity: lowest.similarity },
  };
}

/** Sorted values at the given fractions (0..1). */
export function quantiles(values: number[], at: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  return at.map(
    (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!,
  );
}
