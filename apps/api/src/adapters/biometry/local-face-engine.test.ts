import { beforeAll, describe, expect, it } from 'vitest';
import { clipFrame, clipImage, makeFaceClip, phaseOfFrame } from '../../testing/face-clips.ts';
import {
  FACE_A,
  FACE_B,
  faceFrame,
  moveCloserFrames,
  noFaceFrame,
  stillFrames,
  twoFacesFrame,
} from '../../testing/faces.ts';
import { createLocalFaceEngine } from './local-face-engine.ts';

// One engine for the file: loading the model is the cost (a few seconds), each check about 2 s.
describe('local face engine', { timeout: 60_000 }, () => {
  const engine = createLocalFaceEngine();
  beforeAll(() => engine.ready(), 120_000);
  const check = (frames: Uint8Array[]) => engine.check({ frames, challenge: 'move_closer' });

  it('accepts one live face moving closer, with a unit-length descriptor of its own', async () => {
    // Frames larger than the engine looks at (scaled to 640 px first).
    const result = await check(moveCloserFrames(FACE_A, { frames: 4, width: 1280, height: 960 }));
    expect(result).toMatchObject({ kind: 'ok', borderline: false });
    if (result.kind !== 'ok') return;
    const descriptor = result.probe.descriptor!;
    expect(descriptor).toHaveLength(1024);
    expect(Math.hypot(...descriptor)).toBeCloseTo(1, 4);
    expect(result.liveness).toBeGreaterThan(0.25);
  });

  it('refuses a frame with two faces or none, naming the frame', async () => {
    const [first] = moveCloserFrames(FACE_A, { frames: 3 });
    expect(await check([first!, twoFacesFrame(FACE_A, FACE_B)])).toEqual({
      kind: 'several_faces',
      frameIndex: 1,
    });
    expect(await check([first!, faceFrame(FACE_A, { zoom: 1.2 }), noFaceFrame()])).toEqual({
      kind: 'no_face',
      frameIndex: 2,
    });
  });

  it('fails the challenge when the face does not come closer, or is someone else by the end', async () => {
    expect((await check(stillFrames(FACE_A, { frames: 3 }))).kind).toBe('challenge_failed');
    const swapped = [faceFrame(FACE_A, { zoom: 1 }), faceFrame(FACE_B, { zoom: 1.4 })];
    expect((await check(swapped)).kind).toBe('challenge_failed');
  });

  it('refuses what is not a JPEG it can read, or is too large', async () => {
    const truncated = faceFrame(FACE_A).slice(0, 600);
    expect(await check([new Uint8Array([0xff, 0xd8, 0xff, 0x00, 1, 2]), faceFrame(FACE_A)])).toEqual({
      kind: 'bad_image',
      frameIndex: 0,
    });
    expect(await check([faceFrame(FACE_A), truncated])).toEqual({ kind: 'bad_image', frameIndex: 1 });
    const strict = createLocalFaceEngine({ maxFrameBytes: 5_000 });
    const frames = moveCloserFrames(FACE_A, { frames: 2 });
    expect(frames[0]!.byteLength).toBeGreaterThan(5_000);
    expect(await strict.check({ frames, challenge: 'move_closer' })).toEqual({
      kind: 'bad_image',
      frameIndex: 0,
    });
  });

  it('matches two captures of the same face and keeps two people apart, checks running at once', async () => {
    const [a1, a2, b] = await Promise.all([
      check(moveCloserFrames(FACE_A, { frames: 3, seed: 2 })),
      check(moveCloserFrames(FACE_A, { frames: 3, from: 0.9, to: 1.3, seed: 3 })),
      check(moveCloserFrames(FACE_B, { frames: 3, seed: 4 })),
    ]);
    if (a1.kind !== 'ok' || a2.kind !== 'ok' || b.kind !== 'ok') throw new Error('a capture was refused');
    const same = engine.similarity(a1.probe.descriptor!, a2.probe.descriptor!);
    const other = engine.similarity(a1.probe.descriptor!, b.probe.descriptor!);
    expect(same).toBeGreaterThanOrEqual(engine.thresholds.match);
    expect(other).toBeLessThan(engine.thresholds.borderline);
  });

  it('passes a capture that comes only a little closer as borderline, from frames and from the hesitant clip (MANUAL_VERIFICATION)', async () => {
    expect(await check(moveCloserFrames(FACE_A, { frames: 4, to: 1.15 }))).toMatchObject({
      kind: 'ok',
      borderline: true,
    });
    // 15 fps: far for the first 1.5 s, as close as it comes from 2.5 s (frame 38) on.
    const hesitant = makeFaceClip({ kind: 'face', closest: 1.15 });
    for (const last of [38, 52])
      expect(
        await check([clipFrame(hesitant, 5), clipFrame(hesitant, 30), clipFrame(hesitant, last)]),
      ).toMatchObject({ kind: 'ok', borderline: true });
  });

  it('makes fake-camera clips that show what their names say: one face coming closer, none, two', async () => {
    const clip = makeFaceClip({ kind: 'face' });
    // 15 fps: far during the first second, close in the last.
    expect(await check([clipFrame(clip, 7), clipFrame(clip, 37), clipFrame(clip, 52)])).toMatchObject({
      kind: 'ok',
    });
    // A capture pressed in the first second whose last frame comes 4 s late (a busy machine) still
    // ends on the face close: the loop has not started again.
    expect(await check([clipFrame(clip, 4), clipFrame(clip, 110)])).toMatchObject({ kind: 'ok' });
    // Each frame says where in the loop it is, in a corner the engine does not mind (the checks above).
    expect([0, 3, 60, 119].map((i) => phaseOfFrame(clipImage(clip, i)))).toEqual([0, 0.025, 0.5, 0.99375]);
    expect(phaseOfFrame(clipImage(makeFaceClip({ kind: 'no_face' }), 0))).toBeNull();
    expect(await check([clipFrame(makeFaceClip({ kind: 'no_face' }), 0)])).toMatchObject({ kind: 'no_face' });
    expect(await check([clipFrame(makeFaceClip({ kind: 'two_faces' }), 0)])).toMatchObject({
      kind: 'several_faces',
    });
  });
});
