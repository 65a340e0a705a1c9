import { createHash } from 'node:crypto';
import type { TLivenessChallenge } from '@ingressos/domain/biometry';
import type { TCaptureCheck, TFaceEngine } from '../adapters/biometry/face-provider.ts';

/**
 * A stand-in face engine for API tests of transitions the real engine cannot be steered into
 * cheaply (a borderline check, a look-alike, exact attempt counts). A "frame" is a JPEG start
 * marker followed by JSON saying what the frame shows; the stand-in believes it.
 */
export type TStandInFrame = {
  /** Who is in the frame: none, one name, or several. */
  faces: string[];
  /** The first face looks like this enrolled person at this similarity (a look-alike). */
  like?: { face: string; similarity: number };
  /** The liveness challenge was met (default true). */
  challenge?: boolean;
  /** Liveness passed only narrowly (default false). */
  borderline?: boolean;
  /** Not a live person (a photo of a photo). */
  spoof?: boolean;
};

const DIMENSIONS = 32;
export const STAND_IN_THRESHOLDS = { match: 0.9, borderline: 0.75 };

/** Bytes the route accepts as a frame (base64 of these goes in `frames`). */
export function standInFrame(frame: TStandInFrame): string {
  const json = Buffer.from(JSON.stringify(frame).padEnd(120, ' '));
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), json]).toString('base64');
}

/** A capture of one person meeting the challenge: three frames. */
export const standInCapture = (frame: TStandInFrame) => [
  standInFrame(frame),
  standInFrame(frame),
  standInFrame(frame),
];

function unit(vector: number[]): number[] {
  const norm = Math.hypot(...vector);
  return vector.map((v) => v / norm);
}

/** A person's descriptor: a unit vector seeded by the name. */
function faceVector(name: string): number[] {
  const bytes = createHash('sha512').update(name).digest();
  return unit(Array.from({ length: DIMENSIONS }, (_, i) => (bytes[i % bytes.length]! - 127.5) / 127.5));
}

/** A unit vector at cosine `similarity` from `base`: the base plus a part orthogonal to it. */
function near(base: number[], seed: string, similarity: number): number[] {
  const other = faceVector(seed);
  const dot = other.reduce((sum, v, i) => sum + v * base[i]!, 0);
  const orthogonal = unit(other.map((v, i) => v - dot * base[i]!));
  const rest = Math.sqrt(Math.max(0, 1 - similarity * similarity));
  return base.map((v, i) => similarity * v + rest * orthogonal[i]!);
}

function read(bytes: Uint8Array): TStandInFrame | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  try {
    return JSON.parse(Buffer.from(bytes.subarray(4)).toString('utf8')) as TStandInFrame;
  } catch {
    return null;
  }
}

export function createStandInFaceEngine(): TFaceEngine & { checks: number } {
  const engine = {
    checks: 0,
    thresholds: STAND_IN_THRESHOLDS,
    async check(input: { frames: Uint8Array[]; challenge: TLivenessChallenge }): Promise<TCaptureCheck> {
      engine.checks += 1;
      const frames = input.frames.map(read);
      for (const [index, frame] of frames.entries()) {
        if (!frame) return { kind: 'bad_image', frameIndex: index };
        if (frame.faces.length === 0) return { kind: 'no_face', frameIndex: index };
        if (frame.faces.length > 1) return { kind: 'several_faces', frameIndex: index };
      }
      const first = frames[0]!;
      if (frames.some((f) => f!.faces[0] !== first.faces[0]))
        return { kind: 'several_faces', frameIndex: null };
      if (first.challenge === false) return { kind: 'challenge_failed', frameIndex: null };
      if (first.spoof) return { kind: 'not_live', frameIndex: null };
      const name = first.faces[0]!;
      const vector = first.like
        ? near(faceVector(first.like.face), name, first.like.similarity)
        : faceVector(name);
      return {
        kind: 'ok',
        probe: { descriptor: Float32Array.from(vector), image: input.frames[0] },
        liveness: first.borderline ? 0.55 : 0.95,
        borderline: first.borderline === true,
      };
    },
    similarity(a: Float32Array, b: Float32Array) {
      let dot = 0;
      for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
      return Math.max(0, Math.min(1, dot));
    },
  };
  return engine;
}
