import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  CACHE,
  cacheKey,
  compose,
  encode,
  FACE_A,
  FACE_B,
  noFaceImage,
  random,
  sampleFace,
  type TRgba,
  twoFacesImage,
} from './faces.ts';

/**
 * Fake camera clips of the sample faces (faces.ts) for the browser journeys: Chromium plays them
 * as its camera, in a loop, and each 'face' clip's frame says where in the loop it is.
 */

export type TClipKind = 'face' | 'no_face' | 'two_faces';
export type TClipOptions = {
  kind: TClipKind;
  /** The face ('face') or the first of two ('two_faces'). */
  face?: string;
  /** The second face ('two_faces'). */
  other?: string;
  width?: number;
  height?: number;
  fps?: number;
  /**
   * 'face': how close the face comes (its zoom at the end, default 1.5). About 1.15 comes closer
   * only narrowly: the local engine's check passes as `borderline` and the enrolment goes to a
   * person (MANUAL_VERIFICATION), as a real hesitant capture does. Such a face moves between 1.5 and 2.5 s.
   */
  closest?: number;
};

/** The length of a 'face' clip's loop, in seconds. */
export const FACE_CLIP_SECONDS = 8;

/**
 * Where a 'face' clip shows how far into its loop each frame is, for a journey to read off the
 * live video (e2e/support/capture.ts): in the bottom left corner, far from the face, a white
 * reference band (rows `height - 8` to `height - 5`) over a bar (the last 4 rows) that fills
 * `PHASE_STRIP.width` pixels over one loop, on black.
 */
export const PHASE_STRIP = { width: 160, rows: 8 } as const;

function drawPhaseStrip(image: TRgba, phase: number) {
  const { width, height, data } = image;
  const filled = Math.round(PHASE_STRIP.width * phase);
  for (let y = height - PHASE_STRIP.rows; y < height; y += 1)
    for (let x = 0; x < PHASE_STRIP.width; x += 1) {
      const white = y < height - PHASE_STRIP.rows / 2 || x < filled;
      data.fill(white ? 255 : 0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
}

/** What the phase strip of a 'face' clip's frame says: its place in the loop (0..1), or null if it has none. */
export function phaseOfFrame(image: TRgba): number | null {
  const { width, height, data } = image;
  const bright = (x: number, y: number) => data[(y * width + x) * 4]! > 128;
  for (let x = 4; x < PHASE_STRIP.width - 4; x += 1)
    if (!bright(x, height - PHASE_STRIP.rows + 2)) return null;
  let filled = 0;
  for (let x = 0; x < PHASE_STRIP.width; x += 1) if (bright(x, height - 2)) filled += 1;
  return filled / PHASE_STRIP.width;
}

/**
 * A fake camera clip (YUV4MPEG2, 4:2:0) for Chromium's
 * `--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>`, which loops it.
 * 'face': FACE_CLIP_SECONDS per loop: the face far for 1 s, moving closer (zoom 1 to `closest`, 1.5)
 * for 2 s, then close until the loop ends; each frame shows its place in the loop (PHASE_STRIP). The long close end keeps a capture's last frame close
 * even when a busy machine takes it seconds late (with 1 s of it, a last frame over 0.65 s late showed the face far again).
 * 'no_face' and 'two_faces': the same picture throughout. Returns the file's path (cached).
 */
export function makeFaceClip(options: TClipOptions): string {
  const { kind, face = FACE_A, other = FACE_B, width = 640, height = 480, fps = 15, closest = 1.5 } = options;
  const key = (id: string) => cacheKey(sampleFace(id));
  const name =
    kind === 'face'
      ? `face-${key(face)}${closest === 1.5 ? '' : `-to${closest}`}-${FACE_CLIP_SECONDS}s-phased`
      : kind === 'two_faces'
        ? `two-${key(face)}-${key(other)}`
        : 'no-face';
  const file = path.join(CACHE, `${name}-${width}x${height}-${fps}.y4m`);
  if (existsSync(file)) return file;
  const frames = kind === 'face' ? fps * FACE_CLIP_SECONDS : fps;
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  const parts: Buffer[] = [header];
  const still = kind === 'no_face' ? noFaceImage(width, height) : null;
  const pair = kind === 'two_faces' ? twoFacesImage(face, other, width, height, 0.8) : null;
  const shake = random(7);
  for (let i = 0; i < frames; i += 1) {
    let image = still ?? pair;
    if (!image) {
      const t = i / fps;
      // A hesitant face (closest set) stays far for 1.5 s and is as close as it comes from 2.5 s: a
      // capture started in the first half second (3 s of frames) sees both, even with frames late.
      const [far, near] = closest === 1.5 ? [1, 3] : [1.5, 2.5];
      const zoom = t < far ? 1 : t < near ? 1 + ((closest - 1) / (near - far)) * (t - far) : closest;
      image = compose(width, height, [
        {
          id: face,
          view: { zoom, shiftX: (shake() - 0.5) * 0.01, shiftY: (shake() - 0.5) * 0.01 },
          centreX: width / 2,
          centreY: height / 2,
        },
      ]);
      drawPhaseStrip(image, i / frames);
    }
    parts.push(Buffer.from('FRAME\n'), toI420(image));
  }
  mkdirSync(CACHE, { recursive: true });
  const temp = `${file}.${process.pid}`;
  writeFileSync(temp, Buffer.concat(parts));
  renameSync(temp, file);
  return file;
}

/** RGBA to planar YUV 4:2:0 (BT.601, video range), as Chromium's file capture reads it. */
function toI420(image: TRgba): Buffer {
  const { width, height, data } = image;
  const cw = width >> 1;
  const ch = height >> 1;
  const out = Buffer.alloc(width * height + 2 * cw * ch);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      out[y * width + x] = 16 + (65.481 * data[at]! + 128.553 * data[at + 1]! + 24.966 * data[at + 2]!) / 255;
    }
  for (let y = 0; y < ch; y += 1)
    for (let x = 0; x < cw; x += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const at = ((2 * y + dy) * width + 2 * x + dx) * 4;
        r += data[at]! / 4;
        g += data[at + 1]! / 4;
        b += data[at + 2]! / 4;
      }
      out[width * height + y * cw + x] = 128 + (-37.797 * r - 74.203 * g + 112 * b) / 255;
      out[width * height + cw * ch + y * cw + x] = 128 + (112 * r - 93.786 * g - 18.214 * b) / 255;
    }
  return out;
}

/** Frame `index` of a clip made by makeFaceClip, as JPEG (to check what the fake camera shows). */
export function clipFrame(file: string, index: number): Uint8Array {
  return encode(clipImage(file, index));
}

/** Frame `index` of a clip made by makeFaceClip, as the camera shows it. */
export function clipImage(file: string, index: number): TRgba {
  const bytes = readFileSync(file);
  const headerEnd = bytes.indexOf(0x0a);
  const header = bytes.subarray(0, headerEnd).toString();
  const width = Number(/ W(\d+)/.exec(header)?.[1]);
  const height = Number(/ H(\d+)/.exec(header)?.[1]);
  const cw = width >> 1;
  const frameBytes = 'FRAME\n'.length + width * height + 2 * cw * (height >> 1);
  const start = headerEnd + 1 + index * frameBytes + 'FRAME\n'.length;
  if (start + frameBytes - 'FRAME\n'.length > bytes.length) throw new Error(`the clip has no frame ${index}`);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const luma = 1.164 * (bytes[start + y * width + x]! - 16);
      const chroma = start + width * height + (y >> 1) * cw + (x >> 1);
      const u = bytes[chroma]! - 128;
      const v = bytes[chroma + cw * (height >> 1)]! - 128;
      const at = (y * width + x) * 4;
      data[at] = Math.max(0, Math.min(255, luma + 1.596 * v));
      data[at + 1] = Math.max(0, Math.min(255, luma - 0.392 * u - 0.813 * v));
      data[at + 2] = Math.max(0, Math.min(255, luma + 2.017 * u));
      data[at + 3] = 255;
    }
  return { width, height, data };
}
