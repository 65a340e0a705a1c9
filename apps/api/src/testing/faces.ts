import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import jpeg from 'jpeg-js';

/**
 * Test faces and fake-camera clips for facial biometry, made from the sample photos that
 * `@vladmandic/face-api` ships in its package (demo/sample1..6.jpg: group photos, 21 usable faces).
 * Each face is cut out around its box (found once with the local engine and written below),
 * its surroundings faded to a plain wall so that neighbours never enter the frame, and drawn
 * into camera-like frames: a face moving closer, a still face, no face, two faces.
 * Crops are cached in the system's temporary folder; clips (.y4m, for Chromium's fake camera) too.
 */

type TBox = readonly [x: number, y: number, width: number, height: number];
export type TSampleFace = { id: string; photo: string; box: TBox };

/** Every face of the sample photos, left to right, as the local engine boxed them at full size. */
export const SAMPLE_FACES: readonly TSampleFace[] = (
  [
    [
      'sample1.jpg',
      [
        [331, 313, 356, 356],
        [773, 385, 328, 328],
        [1438, 205, 279, 279],
      ],
    ],
    // sample2's leftmost face (279, 116) is left out: the detector scores it 0.52, below a confident face.
    [
      'sample2.jpg',
      [
        [804, 188, 354, 354],
        [1369, 113, 347, 346],
      ],
    ],
    [
      'sample3.jpg',
      [
        [515, 295, 360, 360],
        [1004, 186, 369, 368],
        [1371, 244, 408, 408],
      ],
    ],
    [
      'sample4.jpg',
      [
        [176, 185, 302, 301],
        [611, 63, 280, 279],
        [909, 150, 329, 329],
        [1216, 134, 305, 305],
      ],
    ],
    [
      'sample5.jpg',
      [
        [279, 848, 368, 368],
        [525, 400, 308, 307],
        [727, 94, 272, 271],
        [1044, 170, 320, 320],
        [1320, 343, 395, 395],
      ],
    ],
    [
      'sample6.jpg',
      [
        [176, 457, 361, 360],
        [586, 299, 385, 385],
        [1080, 280, 369, 369],
        [1403, 237, 375, 375],
      ],
    ],
  ] as const
).flatMap(([photo, boxes]) =>
  boxes.map((box, index) => ({ id: `${photo.replace('.jpg', '')}-${index + 1}`, photo, box: box as TBox })),
);

/** Two people the tests use by name: one enrols, the other is a different person. */
export const FACE_A = 'sample1-1';
export const FACE_B = 'sample4-2';
/** A third person, for a second account in journeys. */
export const FACE_C = 'sample6-2';

const require = createRequire(import.meta.url);
export const CACHE = path.join(os.tmpdir(), 'bilheto-test-faces-v2');
/** A crop is a square of this many box sides around the face, stored at CROP_SIZE pixels. */
const CROP_SPAN = 2.4;
const CROP_SIZE = 480;
/** The plain wall behind the faces (RGB). */
const WALL = [196, 190, 178] as const;

export type TRgba = { width: number; height: number; data: Uint8Array };

function photoPath(photo: string): string {
  const main = require.resolve('@vladmandic/face-api');
  // The package's main file sits in dist/; the sample photos in demo/.
  return path.join(path.dirname(main), '..', 'demo', photo);
}

const photos = new Map<string, TRgba>();
function loadPhoto(photo: string): TRgba {
  let image = photos.get(photo);
  if (!image) {
    image = jpeg.decode(readFileSync(photoPath(photo)), { useTArray: true, formatAsRGBA: true });
    photos.set(photo, image);
  }
  return image;
}

export function sampleFace(id: string): TSampleFace {
  const face = SAMPLE_FACES.find((candidate) => candidate.id === id);
  if (!face) throw new Error(`no sample face ${id}`);
  return face;
}

/** Cached files are named by the face's photo and box, so a changed list never reuses a stale crop. */
export function cacheKey(face: TSampleFace): string {
  return `${face.photo.replace('.jpg', '')}-${face.box.join('_')}`;
}

/** Bilinear sample of `image` at (x, y), clamped to its edges; written into out[at..at+3]. */
function sample(image: TRgba, x: number, y: number, out: Uint8Array, at: number) {
  const x0 = Math.max(0, Math.min(image.width - 1, Math.floor(x)));
  const y0 = Math.max(0, Math.min(image.height - 1, Math.floor(y)));
  const x1 = Math.min(image.width - 1, x0 + 1);
  const y1 = Math.min(image.height - 1, y0 + 1);
  const fx = Math.max(0, Math.min(1, x - x0));
  const fy = Math.max(0, Math.min(1, y - y0));
  for (let c = 0; c < 3; c += 1) {
    const top =
      image.data[(y0 * image.width + x0) * 4 + c]! * (1 - fx) +
      image.data[(y0 * image.width + x1) * 4 + c]! * fx;
    const bottom =
      image.data[(y1 * image.width + x0) * 4 + c]! * (1 - fx) +
      image.data[(y1 * image.width + x1) * 4 + c]! * fx;
    out[at + c] = top * (1 - fy) + bottom * fy;
  }
  out[at + 3] = 255;
}

/**
 * The face cut out of its photo: a CROP_SIZE square of CROP_SPAN box sides around it, faded to
 * the wall beyond an oval that keeps hair, ears and chin (so a second face never shows).
 */
function faceCrop(id: string): TRgba {
  const face = sampleFace(id);
  const file = path.join(CACHE, `${cacheKey(face)}-${CROP_SIZE}.rgba`);
  if (existsSync(file))
    return { width: CROP_SIZE, height: CROP_SIZE, data: new Uint8Array(readFileSync(file)) };
  const photo = loadPhoto(face.photo);
  const [bx, by, bw, bh] = face.box;
  const side = Math.max(bw, bh) * CROP_SPAN;
  const cx = bx + bw / 2;
  const cy = by + bh / 2;
  const data = new Uint8Array(CROP_SIZE * CROP_SIZE * 4);
  for (let y = 0; y < CROP_SIZE; y += 1) {
    for (let x = 0; x < CROP_SIZE; x += 1) {
      const at = (y * CROP_SIZE + x) * 4;
      sample(photo, cx + (x / CROP_SIZE - 0.5) * side, cy + (y / CROP_SIZE - 0.5) * side, data, at);
      // The oval, in box sides from the face's centre: 0.62 wide, 0.78 tall, a soft 0.08 edge.
      const u = (x / CROP_SIZE - 0.5) * CROP_SPAN;
      const v = (y / CROP_SIZE - 0.5) * CROP_SPAN;
      const r = Math.hypot(u / 0.62, v / 0.78);
      const keep = Math.max(0, Math.min(1, (1.08 - r) / 0.16));
      for (let c = 0; c < 3; c += 1) data[at + c] = data[at + c]! * keep + WALL[c]! * (1 - keep);
    }
  }
  mkdirSync(CACHE, { recursive: true });
  const temp = `${file}.${process.pid}`;
  writeFileSync(temp, data);
  renameSync(temp, file);
  return { width: CROP_SIZE, height: CROP_SIZE, data };
}

/** How a face appears in a frame. `zoom` 1 is the face's box at FACE_HEIGHT of the frame's height. */
export type TFaceView = {
  zoom?: number;
  /** The face's centre moved by these fractions of the frame's width and height. */
  shiftX?: number;
  shiftY?: number;
  /** Every channel multiplied by this. */
  brightness?: number;
  mirror?: boolean;
};
const FACE_HEIGHT = 0.36;

type TPlacement = { id: string; view: TFaceView; centreX: number; centreY: number };

/** A frame of the wall with faces drawn on it, RGBA. */
export function compose(width: number, height: number, placements: TPlacement[]): TRgba {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i += 1) data.set([WALL[0], WALL[1], WALL[2], 255], i * 4);
  const pixel = new Uint8Array(4);
  for (const { id, view, centreX, centreY } of placements) {
    const crop = faceCrop(id);
    // The crop's side in frame pixels: the box is FACE_HEIGHT * zoom of the height, the crop CROP_SPAN boxes.
    const side = height * FACE_HEIGHT * (view.zoom ?? 1) * CROP_SPAN;
    const cx = centreX + (view.shiftX ?? 0) * width;
    const cy = centreY + (view.shiftY ?? 0) * height;
    const left = Math.max(0, Math.floor(cx - side / 2));
    const right = Math.min(width, Math.ceil(cx + side / 2));
    const top = Math.max(0, Math.floor(cy - side / 2));
    const bottom = Math.min(height, Math.ceil(cy + side / 2));
    const brightness = view.brightness ?? 1;
    for (let y = top; y < bottom; y += 1) {
      for (let x = left; x < right; x += 1) {
        let u = ((x - cx) / side + 0.5) * crop.width;
        if (view.mirror) u = crop.width - u;
        const v = ((y - cy) / side + 0.5) * crop.height;
        sample(crop, u, v, pixel, 0);
        const at = (y * width + x) * 4;
        for (let c = 0; c < 3; c += 1) data[at + c] = Math.min(255, pixel[c]! * brightness);
      }
    }
  }
  return { width, height, data };
}

export function encode(image: TRgba, quality = 88): Uint8Array {
  return new Uint8Array(jpeg.encode(image, quality).data);
}

/** A small deterministic random source, so fixtures are the same on every run. */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type TFrameOptions = { width?: number; height?: number; quality?: number };

/** One frame showing one face, JPEG. */
export function faceFrame(id: string, view: TFaceView = {}, options: TFrameOptions = {}): Uint8Array {
  const { width = 640, height = 480, quality } = options;
  return encode(compose(width, height, [{ id, view, centreX: width / 2, centreY: height / 2 }]), quality);
}

/** A capture that meets "move closer": the face from `from` to `to` zoom over `frames` frames, a little shaky. */
export function moveCloserFrames(
  id: string,
  options: TFrameOptions & { frames?: number; from?: number; to?: number; seed?: number } = {},
): Uint8Array[] {
  const { frames = 5, from = 1, to = 1.4, seed = 1 } = options;
  const shake = random(seed);
  return Array.from({ length: frames }, (_, i) =>
    faceFrame(
      id,
      {
        zoom: from + ((to - from) * i) / Math.max(1, frames - 1),
        shiftX: (shake() - 0.5) * 0.02,
        shiftY: (shake() - 0.5) * 0.02,
      },
      options,
    ),
  );
}

/** A capture of a face that does not move closer (a photo held still): the challenge fails. */
export function stillFrames(id: string, options: TFrameOptions & { frames?: number; seed?: number } = {}) {
  return moveCloserFrames(id, { ...options, from: 1.15, to: 1.15 });
}

/** A frame with no face: a stretch of a sample photo below the people's faces. */
export function noFaceFrame(options: TFrameOptions = {}): Uint8Array {
  return encode(noFaceImage(options.width ?? 640, options.height ?? 480), options.quality);
}

export function noFaceImage(width: number, height: number): TRgba {
  const photo = loadPhoto('sample1.jpg');
  const data = new Uint8Array(width * height * 4);
  // sample1's faces end above y = 720; its lower part is clothes and furniture.
  const region = { x: 560, y: 790, width: 640, height: 480 };
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      sample(
        photo,
        region.x + (x / width) * region.width,
        region.y + (y / height) * region.height,
        data,
        (y * width + x) * 4,
      );
  return { width, height, data };
}

/** A frame with two people side by side. */
export function twoFacesFrame(a: string, b: string, options: TFrameOptions = {}): Uint8Array {
  const { width = 640, height = 480, quality } = options;
  return encode(twoFacesImage(a, b, width, height, 0.8), quality);
}

export function twoFacesImage(a: string, b: string, width: number, height: number, zoom: number): TRgba {
  return compose(width, height, [
    { id: a, view: { zoom }, centreX: width * 0.27, centreY: height / 2 },
    { id: b, view: { zoom }, centreX: width * 0.73, centreY: height / 2 },
  ]);
}
