import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BIOMETRY_FRAME_MAX_BYTES } from '@ingressos/contracts/biometry';
import type { TLivenessChallenge } from '@ingressos/domain/biometry';
import type { Config, FaceResult, Human } from '@vladmandic/human';
import jpeg from 'jpeg-js';
import type { TCaptureCheck, TFaceEngine } from './face-provider.ts';

/**
 * The local face engine: `@vladmandic/human` on TensorFlow.js's WebAssembly backend, in this
 * process, with the models its npm package ships (nothing is downloaded, nothing native is built).
 * It checks a capture (one face per frame, the "move closer" challenge, anti-spoofing) and
 * computes the descriptor; storing and searching descriptors is the provider's job.
 *
 * Thresholds and their error rates: docs/face-matching.md (re-run with `node bench/biometry.ts`).
 */

export type TLocalFaceEngineOptions = {
  /** Cosine similarity of two descriptors at or above which they are the same person. */
  match?: number;
  /** Below `match` but at or above this, a person decides (MANUAL_VERIFICATION). */
  borderline?: number;
  /** The face's box area in the last frame over the first: at least this to meet "move closer". */
  growth?: number;
  /** Mean anti-spoofing score ("real", 0..1) below which the capture is not a live face. */
  live?: number;
  /** A frame's JPEG larger than this is refused ('bad_image'). */
  maxFrameBytes?: number;
};

/** Calibrated on the sample faces (docs/face-matching.md). */
export const LOCAL_FACE_DEFAULTS = {
  match: 0.8,
  borderline: 0.7,
  growth: 1.25,
  live: 0.25,
  maxFrameBytes: BIOMETRY_FRAME_MAX_BYTES,
} as const;

/** A score within this of its threshold passed only narrowly: the result is `borderline`. */
const NARROW = { growth: 0.15, live: 0.1 } as const;
/** Frames are scaled down to this many pixels on their longer side before detection. */
const MAX_SIDE = 640;
/** A detection below this score does not count as a face (nor as a second face). */
const FACE_SCORE = 0.6;
/** Larger JPEGs are refused before decoding (4K UHD is 8.3 megapixels). */
const MAX_MEGAPIXELS = 8.3;

const require = createRequire(import.meta.url);

type TRuntime = { human: Human; tf: Human['tf'] };
let runtime: Promise<TRuntime> | null = null;
/** Detections run one at a time in the process: the model's memory stays flat under load. */
let queue: Promise<unknown> = Promise.resolve();

/** Where the installed package keeps its builds and models (its "exports" map hides the WASM build). */
function humanPaths() {
  const dist = path.dirname(require.resolve('@vladmandic/human'));
  return {
    build: path.join(dist, 'human.node-wasm.js'),
    models: `${pathToFileURL(path.join(dist, '..', 'models')).href}/`,
    wasm: `${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`,
  };
}

/** The model files come from the package folder: a TensorFlow.js load handler for those URLs only. */
function registerModelLoader(tf: Human['tf'], base: string) {
  tf.io.registerLoadRouter((url: string | string[]) => {
    const first = Array.isArray(url) ? url[0] : url;
    if (typeof first !== 'string' || !first.startsWith(base)) return null;
    return {
      load: async () => {
        const file = new URL(first);
        const json = JSON.parse(await readFile(file, 'utf8'));
        const specs = [];
        const parts: Buffer[] = [];
        for (const group of json.weightsManifest ?? []) {
          specs.push(...group.weights);
          for (const part of group.paths) parts.push(await readFile(new URL(part, file)));
        }
        const weights = Buffer.concat(parts);
        return {
          modelTopology: json.modelTopology,
          format: json.format,
          generatedBy: json.generatedBy,
          convertedBy: json.convertedBy,
          signature: json.signature,
          userDefinedMetadata: json.userDefinedMetadata,
          weightSpecs: specs,
          weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
        };
      },
    };
  });
}

const NO_CACHE = { skipFrames: 0, skipTime: 0 };

function loadRuntime(): Promise<TRuntime> {
  runtime ??= (async () => {
    const paths = humanPaths();
    const { Human: HumanClass } = require(paths.build) as { Human: new (config: Partial<Config>) => Human };
    const config: Partial<Config> = {
      backend: 'wasm',
      wasmPath: paths.wasm,
      modelBasePath: paths.models,
      debug: false,
      async: false,
      warmup: 'none',
      // Every frame is a new still image: results of an earlier frame must never be reused.
      cacheSensitivity: 0,
      filter: { enabled: false },
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: 5, minConfidence: 0.3, return: false, ...NO_CACHE },
        mesh: { enabled: true },
        iris: { enabled: false },
        emotion: { enabled: false },
        attention: { enabled: false },
        description: { enabled: true, ...NO_CACHE },
        antispoof: { enabled: true, ...NO_CACHE },
        liveness: { enabled: false },
      } as Config['face'],
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
    } as Partial<Config>;
    const human = new HumanClass(config);
    registerModelLoader(human.tf, paths.models);
    await human.load();
    return { human, tf: human.tf };
  })();
  runtime.catch(() => {
    runtime = null;
  });
  return runtime;
}

function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

type TFrameFace = { area: number; embedding: Float32Array; real: number };
type TFrameResult = { kind: 'face'; face: TFrameFace } | { kind: 'no_face' | 'several_faces' | 'bad_image' };

/** A face found in a still image; `box` is [left, top, width, height] as fractions of the image. */
export type TDetectedFace = {
  box: [number, number, number, number];
  score: number;
  /** Anti-spoofing: 0..1, how much the face looks like a live person rather than a picture of one. */
  real: number;
  /** Unit length. */
  descriptor: Float32Array;
};

/** Every confident face of one JPEG; null when it cannot be read (or is too large). */
async function detectFaces(
  rt: TRuntime,
  bytes: Uint8Array,
  maxBytes: number,
): Promise<TDetectedFace[] | null> {
  if (bytes.byteLength > maxBytes || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let image: { width: number; height: number; data: Uint8Array };
  try {
    image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      maxResolutionInMP: MAX_MEGAPIXELS,
      maxMemoryUsageInMB: 128,
    });
  } catch {
    return null;
  }
  if (image.width < 32 || image.height < 32) return null;
  const { tf, human } = rt;
  // Scaled here, on bytes: a tensor of the full frame would grow the WebAssembly heap for good.
  const small = shrink(image, MAX_SIDE);
  const input = tf.tidy(() =>
    tf.expandDims(tf.tensor3d(small.data, [small.height, small.width, 3], 'int32'), 0),
  );
  let faces: FaceResult[];
  try {
    faces = (await human.detect(input)).face;
  } finally {
    tf.dispose(input);
  }
  return faces
    .filter((face) => face.score >= FACE_SCORE && face.embedding?.length)
    .map((face) => ({
      box: [...face.boxRaw] as TDetectedFace['box'],
      score: face.score,
      real: face.real ?? 0,
      descriptor: unit(Float32Array.from(face.embedding!)),
    }));
}

async function examineFrame(rt: TRuntime, bytes: Uint8Array, maxBytes: number): Promise<TFrameResult> {
  const faces = await detectFaces(rt, bytes, maxBytes);
  if (!faces) return { kind: 'bad_image' };
  if (faces.length === 0) return { kind: 'no_face' };
  if (faces.length > 1) return { kind: 'several_faces' };
  const [face] = faces as [TDetectedFace];
  return {
    kind: 'face',
    face: { area: face.box[2] * face.box[3], embedding: face.descriptor, real: face.real },
  };
}

/** The RGB image scaled down (area average) so that its longer side is at most `side`. */
function shrink(image: { width: number; height: number; data: Uint8Array }, side: number) {
  const scale = Math.min(1, side / Math.max(image.width, image.height));
  if (scale === 1) return image;
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const sums = new Float64Array(width * height * 3);
  const counts = new Uint32Array(width * height);
  for (let y = 0; y < image.height; y += 1) {
    const row = Math.min(height - 1, Math.floor((y * height) / image.height)) * width;
    for (let x = 0; x < image.width; x += 1) {
      const target = row + Math.min(width - 1, Math.floor((x * width) / image.width));
      const from = (y * image.width + x) * 3;
      sums[target * 3]! += image.data[from]!;
      sums[target * 3 + 1]! += image.data[from + 1]!;
      sums[target * 3 + 2]! += image.data[from + 2]!;
      counts[target]! += 1;
    }
  }
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i += 1)
    for (let c = 0; c < 3; c += 1) data[i * 3 + c] = Math.round(sums[i * 3 + c]! / counts[i]!);
  return { width, height, data };
}

function unit(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum) || 1;
  return vector.map((value) => value / norm);
}

/** Cosine similarity of two descriptors, below zero counted as zero (unrelated faces). */
export function descriptorSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  if (na === 0 || nb === 0) return 0;
  return Math.max(0, Math.min(1, dot / Math.sqrt(na * nb)));
}

export type TLocalFaceEngine = TFaceEngine & {
  /** Loads the model now (otherwise the first check does): at start-up, or before a benchmark. */
  ready(): Promise<void>;
  /** Every confident face of one still image (measurements, the Rekognition stand-in); null when unreadable. */
  detect(image: Uint8Array): Promise<TDetectedFace[] | null>;
};

/** The engine; the model behind it is loaded once per process, on first use, and shared. */
export function createLocalFaceEngine(options: TLocalFaceEngineOptions = {}): TLocalFaceEngine {
  const settings = { ...LOCAL_FACE_DEFAULTS, ...options };
  const thresholds = { match: settings.match, borderline: settings.borderline };

  async function check(input: {
    frames: Uint8Array[];
    challenge: TLivenessChallenge;
  }): Promise<TCaptureCheck> {
    const rt = await loadRuntime();
    return serialised(async () => {
      const faces: TFrameFace[] = [];
      for (const [frameIndex, bytes] of input.frames.entries()) {
        const result = await examineFrame(rt, bytes, settings.maxFrameBytes);
        if (result.kind !== 'face') return { kind: result.kind, frameIndex };
        faces.push(result.face);
      }
      return judge(faces, input.challenge);
    });
  }

  function judge(faces: TFrameFace[], challenge: TLivenessChallenge): TCaptureCheck {
    if (challenge !== 'move_closer' || faces.length < 2)
      return { kind: 'challenge_failed', frameIndex: null };
    const first = faces[0]!;
    const last = faces.at(-1)!;
    // The same person all along: every frame like the first, and the last alike enough to match.
    for (const [frameIndex, face] of faces.entries()) {
      if (descriptorSimilarity(first.embedding, face.embedding) < thresholds.borderline)
        return { kind: 'challenge_failed', frameIndex };
    }
    const sameness = descriptorSimilarity(first.embedding, last.embedding);
    const growth = last.area / first.area;
    if (growth < settings.growth) return { kind: 'challenge_failed', frameIndex: faces.length - 1 };
    const real = faces.reduce((sum, face) => sum + face.real, 0) / faces.length;
    if (real < settings.live) return { kind: 'not_live', frameIndex: null };
    const mean = new Float32Array(first.embedding.length);
    for (const face of faces) for (let i = 0; i < mean.length; i += 1) mean[i]! += face.embedding[i]!;
    const borderline =
      sameness < thresholds.match ||
      growth < settings.growth + NARROW.growth ||
      real < settings.live + NARROW.live;
    return { kind: 'ok', probe: { descriptor: unit(mean) }, liveness: real, borderline };
  }

  return {
    thresholds,
    similarity: descriptorSimilarity,
    check,
    async ready() {
      await loadRuntime();
    },
    async detect(image) {
      const rt = await loadRuntime();
      return serialised(() => detectFaces(rt, image, Number.POSITIVE_INFINITY));
    },
  };
}
