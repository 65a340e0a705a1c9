import type { TCreateBiometryAnswer, TStartBiometryAnswer } from '@ingressos/contracts/biometry';
import { BIOMETRY_STATUS as S } from '@ingressos/domain/biometry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biometryFaces } from '../../db/schema/index.ts';
import { register, type TRegistered, withCookie } from '../../testing/accounts.ts';
import { FACE_A, FACE_B, moveCloserFrames, noFaceFrame } from '../../testing/faces.ts';
import {
  REKOGNITION_TEST_CREDENTIALS,
  startRekognitionStandIn,
  type TRekognitionStandIn,
} from '../../testing/rekognition-stand-in.ts';
import { createTestApp, type TTestApp } from '../../testing/test-app.ts';

const b64 = (frames: Uint8Array[]) => frames.map((frame) => Buffer.from(frame).toString('base64'));

/**
 * The same calls with BIOMETRY_PROVIDER=rekognition, against the stand-in that speaks Rekognition's
 * protocol (testing/rekognition-stand-in.ts): the provider is chosen from configuration, faces live
 * in the collection (indexed by our user id) and none in our database.
 */
describe('facial biometry with BIOMETRY_PROVIDER=rekognition', { timeout: 120_000 }, () => {
  let aws: TRekognitionStandIn;
  let t: TTestApp;
  const collection = `bilheto-api-${Date.now().toString(36)}`;
  beforeAll(async () => {
    aws = await startRekognitionStandIn();
    t = await createTestApp('pglite', {
      CAPTCHA_PROVIDER: 'off',
      BIOMETRY_PROVIDER: 'rekognition',
      REKOGNITION_REGION: aws.region,
      REKOGNITION_ENDPOINT: aws.url,
      REKOGNITION_COLLECTION_ID: collection,
      REKOGNITION_ACCESS_KEY_ID: REKOGNITION_TEST_CREDENTIALS.accessKeyId,
      REKOGNITION_SECRET_ACCESS_KEY: REKOGNITION_TEST_CREDENTIALS.secretAccessKey,
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await aws?.close();
  });

  async function capture(person: TRegistered, frames: Uint8Array[]) {
    const { uuid } = (
      await t.json<TStartBiometryAnswer>('/v1/biometry/startBiometry', {}, withCookie(person.cookie))
    ).body;
    const answer = await t.json<TCreateBiometryAnswer>(
      '/v1/biometry/create',
      { uuid, frames: b64(frames) },
      withCookie(person.cookie),
    );
    expect(answer.status).toBe(200);
    return answer.body;
  }
  const indexed = () => (aws.collections.get(collection) ?? []).map((face) => face.ExternalImageId);

  it('enrols in the collection, catches the same face on another account, and forgets it on request', async () => {
    const first = await register(t);
    expect((await capture(first, moveCloserFrames(FACE_A, { frames: 3 }))).data.biometryStatusId).toBe(
      S.ACTIVE,
    );
    expect(indexed()).toContain(first.userId);
    expect(await t.database.db.select().from(biometryFaces)).toEqual([]);

    const second = await register(t);
    const duplicate = await capture(second, moveCloserFrames(FACE_A, { frames: 3 }));
    expect(duplicate.data.biometryStatusId).toBe(S.LINKED_TO_ANOTHER_ACCOUNT);
    expect(indexed()).not.toContain(second.userId);

    const refused = await capture(await register(t), [noFaceFrame(), noFaceFrame()]);
    expect(refused.data).toMatchObject({ biometryStatusId: S.IN_PROGRESS, problem: 'no_face' });

    const deleted = await t.request('/api/privacy/biometry', {
      method: 'DELETE',
      headers: { cookie: first.cookie },
    });
    expect(deleted.status).toBe(200);
    expect(indexed()).not.toContain(first.userId);
    const other = await register(t);
    expect((await capture(other, moveCloserFrames(FACE_B, { frames: 3 }))).data.biometryStatusId).toBe(
      S.ACTIVE,
    );
  });
});
