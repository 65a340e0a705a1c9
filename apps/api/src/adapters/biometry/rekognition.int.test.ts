import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FACE_A,
  FACE_B,
  faceFrame,
  moveCloserFrames,
  noFaceFrame,
  stillFrames,
  twoFacesFrame,
} from '../../testing/faces.ts';
import {
  REKOGNITION_TEST_CREDENTIALS,
  startRekognitionStandIn,
  type TRekognitionStandIn,
} from '../../testing/rekognition-stand-in.ts';
import { createRekognitionProvider, type TRekognitionProvider } from './rekognition.ts';

/** The Rekognition provider against a stand-in that speaks its protocol and sees real faces (local engine). */
describe('Rekognition provider against its stand-in', { timeout: 90_000 }, () => {
  let aws: TRekognitionStandIn;
  let provider: TRekognitionProvider;
  const collectionId = `bilheto-test-${randomUUID().slice(0, 8)}`;
  const check = (frames: Uint8Array[]) => provider.check({ frames, challenge: 'move_closer' });
  const probeOf = async (frames: Uint8Array[]) => {
    const result = await check(frames);
    if (result.kind !== 'ok') throw new Error(`capture refused: ${result.kind}`);
    return result.probe;
  };
  const options = () => ({
    region: aws.region,
    endpoint: aws.url,
    collectionId,
    credentials: REKOGNITION_TEST_CREDENTIALS,
  });
  beforeAll(async () => {
    aws = await startRekognitionStandIn();
    provider = createRekognitionProvider(options());
  }, 120_000);
  afterAll(() => aws?.close());

  it('checks a capture with DetectFaces per frame and CompareFaces, keeping the closest frame to index', async () => {
    const frames = moveCloserFrames(FACE_A, { frames: 3 });
    const result = await check(frames);
    expect(result).toMatchObject({ kind: 'ok', liveness: 1, borderline: false });
    expect(result.kind === 'ok' && result.probe.image).toEqual(frames[2]);
    const detect = aws.received.filter((r) => r.operation === 'DetectFaces');
    expect(detect).toHaveLength(3);
    expect(detect[0]!.headers).toMatchObject({
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'RekognitionService.DetectFaces',
    });
    expect(String(detect[0]!.headers.authorization)).toContain(
      `Credential=${REKOGNITION_TEST_CREDENTIALS.accessKeyId}/`,
    );
    expect(detect[0]!.body).toEqual({
      Image: { Bytes: expect.stringMatching(/^<\d+ base64 chars>$/) },
      Attributes: ['DEFAULT'],
    });
    expect(aws.received.at(-1)).toMatchObject({
      operation: 'CompareFaces',
      body: { SimilarityThreshold: 0 },
    });
  });

  it('refuses two faces, no face, a still face, a swapped face and an unreadable image', async () => {
    const [first] = moveCloserFrames(FACE_A, { frames: 2 });
    expect(await check([first!, twoFacesFrame(FACE_A, FACE_B)])).toEqual({
      kind: 'several_faces',
      frameIndex: 1,
    });
    expect(await check([noFaceFrame(), first!])).toEqual({ kind: 'no_face', frameIndex: 0 });
    expect(await check(stillFrames(FACE_A, { frames: 2 }))).toMatchObject({ kind: 'challenge_failed' });
    expect(await check([faceFrame(FACE_A, { zoom: 1 }), faceFrame(FACE_B, { zoom: 1.4 })])).toMatchObject({
      kind: 'challenge_failed',
    });
    expect(await check([first!, new Uint8Array([0xff, 0xd8, 0xff, 0, 1, 2, 3])])).toEqual({
      kind: 'bad_image',
      frameIndex: 1,
    });
  });

  it('enrols into its own collection by subject, finds the face again, replaces it, and forgets it', async () => {
    const subject = randomUUID();
    await provider.enrol(subject, await probeOf(moveCloserFrames(FACE_A, { frames: 2, seed: 5 })));
    expect(aws.collections.get(collectionId)).toHaveLength(1);
    const again = await probeOf(moveCloserFrames(FACE_A, { frames: 2, from: 0.9, to: 1.3, seed: 6 }));
    const found = await provider.search(again);
    expect(found).toEqual([{ subjectId: subject, similarity: expect.any(Number) }]);
    expect(found[0]!.similarity).toBeGreaterThanOrEqual(provider.thresholds.match);
    expect(await provider.search(await probeOf(moveCloserFrames(FACE_B, { frames: 2 })))).toEqual([]);
    expect(aws.received.findLast((r) => r.operation === 'SearchFacesByImage')?.body).toMatchObject({
      CollectionId: collectionId,
      FaceMatchThreshold: provider.thresholds.borderline * 100,
    });

    await provider.enrol(subject, again);
    expect(aws.collections.get(collectionId)!.map((face) => face.ExternalImageId)).toEqual([subject]);
    const other = randomUUID();
    await provider.enrol(other, await probeOf(moveCloserFrames(FACE_B, { frames: 2 })));
    await provider.remove(subject);
    expect(aws.collections.get(collectionId)!.map((face) => face.ExternalImageId)).toEqual([other]);
    expect(await provider.search(again)).toEqual([]);
  });

  it('runs Face Liveness sessions: created, then live or not by what the camera saw', async () => {
    const live = await provider.createLivenessSession();
    expect(await provider.getLivenessResult(live.sessionId)).toMatchObject({
      status: 'CREATED',
      live: false,
    });
    const face = faceFrame(FACE_A, { zoom: 1.3 });
    await aws.finishLivenessSession(live.sessionId, face);
    const result = await provider.getLivenessResult(live.sessionId);
    expect(result).toMatchObject({ status: 'SUCCEEDED', referenceImage: face });
    // Live or not is our threshold on AWS's confidence (the stand-in's: the engine's anti-spoofing).
    const confidence = result!.confidence!;
    expect(confidence).toBeGreaterThan(0.3);
    const judged = (liveness: number) =>
      createRekognitionProvider({ ...options(), liveness }).getLivenessResult(live.sessionId);
    expect(await judged(confidence - 0.01)).toMatchObject({ live: true });
    expect(await judged(confidence + 0.01)).toMatchObject({ live: false });

    const empty = await provider.createLivenessSession();
    await aws.finishLivenessSession(empty.sessionId, noFaceFrame());
    expect(await provider.getLivenessResult(empty.sessionId)).toMatchObject({
      status: 'FAILED',
      live: false,
    });
    expect(await provider.getLivenessResult(randomUUID())).toBeNull();
  });

  it('is refused by the service with a wrong secret', async () => {
    const wrong = createRekognitionProvider({
      ...options(),
      credentials: { ...REKOGNITION_TEST_CREDENTIALS, secretAccessKey: 'not-the-secret' },
    });
    await expect(
      wrong.check({ frames: moveCloserFrames(FACE_A, { frames: 2 }), challenge: 'move_closer' }),
    ).rejects.toMatchObject({
      name: 'InvalidSignatureException',
    });
  });
});
