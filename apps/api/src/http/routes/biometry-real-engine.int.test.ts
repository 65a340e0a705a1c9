import type { TCreateBiometryAnswer, TStartBiometryAnswer } from '@ingressos/contracts/biometry';
import { BIOMETRY_STATUS as S } from '@ingressos/domain/biometry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, type TRegistered, withCookie } from '../../testing/accounts.ts';
import { FACE_A, FACE_B, moveCloserFrames, noFaceFrame, twoFacesFrame } from '../../testing/faces.ts';
import { createTestApp, type TTestApp } from '../../testing/test-app.ts';

const b64 = (frames: Uint8Array[]) => frames.map((frame) => Buffer.from(frame).toString('base64'));

/**
 * The biometry calls with the real local engine (@vladmandic/human) on generated captures of the
 * sample faces: what a webcam enrolment does end to end on the server. PGlite only: the engine,
 * not the database, is under test here (the calls' SQL runs on both in biometry.int.test.ts).
 */
describe('facial biometry with the real face engine', { timeout: 120_000 }, () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { CAPTCHA_PROVIDER: 'off' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
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

  it('enrols a face, refuses it on a second account, and enrols a different person', async () => {
    const first = await capture(await register(t), moveCloserFrames(FACE_A, { frames: 4 }));
    expect(first.data).toMatchObject({ biometryStatusId: S.ACTIVE, problem: null });
    expect(first.message).toBe('Biometria cadastrada com sucesso!');

    const again = await capture(await register(t), moveCloserFrames(FACE_A, { frames: 4, seed: 7 }));
    expect(again.data.biometryStatusId).toBe(S.LINKED_TO_ANOTHER_ACCOUNT);
    expect(again.message).toBe('Ops! Já vimos esse rosto por aqui');

    const other = await capture(await register(t), moveCloserFrames(FACE_B, { frames: 4 }));
    expect(other.data.biometryStatusId).toBe(S.ACTIVE);
  });

  it('refuses a capture with no face or with two faces, counting the attempts', async () => {
    const person = await register(t);
    const [first] = moveCloserFrames(FACE_B, { frames: 3 });
    const none = await capture(person, [first!, noFaceFrame()]);
    expect(none).toMatchObject({
      success: false,
      data: { biometryStatusId: S.IN_PROGRESS, problem: 'no_face', attemptsLeft: 2 },
    });
    expect(none.message).toMatch(/não encontramos um rosto/);
    const two = await capture(person, [first!, twoFacesFrame(FACE_A, FACE_B)]);
    expect(two).toMatchObject({
      data: { biometryStatusId: S.IN_PROGRESS, problem: 'several_faces', attemptsLeft: 1 },
    });
    expect(two.message).toMatch(/mais de um rosto/);
  });
});
