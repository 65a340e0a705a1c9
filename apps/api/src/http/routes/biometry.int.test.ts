import type {
  TBiometryStatusByUuidAnswer,
  TBiometryUserStatusAnswer,
  TCreateBiometryAnswer,
  TDeleteBiometryAnswer,
  TGenerateBiometryTokenAnswer,
  TStartBiometryAnswer,
} from '@ingressos/contracts/biometry';
import type { TMyDataExport } from '@ingressos/contracts/privacy';
import { BIOMETRY_STATUS as S } from '@ingressos/domain/biometry';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from '../../db/orm.ts';
import { appMeta, biometryEnrolments, biometryFaces, biometryReviewImages } from '../../db/schema/index.ts';
import { biometryStatusOfUsers } from '../../modules/biometry/biometry-status-of-users.ts';
import { PASSWORD, register, type TRegistered, withCookie } from '../../testing/accounts.ts';
import {
  createStandInFaceEngine,
  standInCapture,
  standInFrame,
  type TStandInFrame,
} from '../../testing/face-engine-stand-in.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TError = { Message: string; code: string };
let faceSerial = 0;
const someone = () => `person-${Date.now()}-${++faceSerial}`;

describe.each(testDatabases())('facial biometry calls on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CAPTCHA_PROVIDER: 'off' }, { faceEngine: createStandInFaceEngine() });
  });
  afterAll(async () => {
    await t.close();
  });

  const start = (p: TRegistered) =>
    t.json<TStartBiometryAnswer>('/v1/biometry/startBiometry', {}, withCookie(p.cookie));
  const token = (p: TRegistered, uuid: string) =>
    t.json<TGenerateBiometryTokenAnswer & TError>(
      '/v1/biometry/generateToken',
      { uuid, channel: 'qrcode', locale: 'pt-BR' },
      withCookie(p.cookie),
    );
  const create = (who: { cookie?: string; token?: string }, uuid: string, frames: string[]) =>
    t.json<TCreateBiometryAnswer & TError>(
      '/v1/biometry/create',
      { uuid, frames },
      {
        headers: {
          ...(who.cookie ? { cookie: who.cookie } : {}),
          ...(who.token ? { 'x-biometry-token': who.token } : {}),
        },
      },
    );
  const get = async <T>(path: string, headers: Record<string, string> = {}) => {
    const response = await t.request(path, { headers });
    return { status: response.status, body: (await response.json()) as T };
  };
  /** A new account with a STARTED enrolment. */
  async function enrolling() {
    const person = await register(t);
    const started = await start(person);
    expect(started.status).toBe(200);
    return { person, uuid: started.body.uuid };
  }
  async function enrolled(face: TStandInFrame) {
    const { person, uuid } = await enrolling();
    const done = await create({ cookie: person.cookie }, uuid, standInCapture(face));
    expect(done.body.data.biometryStatusId).toBe(S.ACTIVE);
    return { person, uuid };
  }

  it("tells the purchase rule each account's newest status, none for an account without one", async () => {
    const active = await enrolled({ faces: [someone()] });
    const started = await enrolling();
    const without = await register(t);
    const statuses = await biometryStatusOfUsers(t.database.db, [
      active.person.userId,
      started.person.userId,
      without.userId,
      active.person.userId,
    ]);
    expect(statuses).toEqual(
      new Map([
        [active.person.userId, S.ACTIVE],
        [started.person.userId, S.STARTED],
      ]),
    );
    expect(await biometryStatusOfUsers(t.database.db, [])).toEqual(new Map());
  });

  it('starts one enrolment per account and answers it again', async () => {
    const person = await register(t);
    const first = await start(person);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      statusId: S.STARTED,
      challenge: 'move_closer',
      attemptsLeft: 3,
      hasExceededAttempts: false,
    });
    expect(first.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const again = await start(person);
    expect(again.body.uuid).toBe(first.body.uuid);
    const status = await get<TBiometryUserStatusAnswer>(`/v1/biometry/user/${person.userId}`, {
      cookie: person.cookie,
    });
    expect(status.body).toEqual({
      success: true,
      data: expect.objectContaining({ statusId: S.STARTED, statusName: 'STARTED', uuid: first.body.uuid }),
    });
  });

  it('makes one enrolment when startBiometry is called twice at once', async () => {
    const person = await register(t);
    const [a, b] = await Promise.all([start(person), start(person)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.uuid).toBe(b.body.uuid);
    const rows = await t.database.db
      .select()
      .from(biometryEnrolments)
      .where(eq(biometryEnrolments.userId, person.userId));
    expect(rows).toHaveLength(1);
  });

  it('refuses the calls without a session and with bad input, never with a 5xx', async () => {
    const anonymous = await t.json<TError>('/v1/biometry/startBiometry', {});
    expect(anonymous.status).toBe(401);
    const { person, uuid } = await enrolling();
    const badChannel = await t.json<TError>(
      '/v1/biometry/generateToken',
      { uuid, channel: 'pigeon', locale: 'pt-BR' },
      withCookie(person.cookie),
    );
    expect(badChannel.status).toBe(400);
    expect(badChannel.body.Message).toBeTruthy();
    const noFrames = await create({ cookie: person.cookie }, uuid, []);
    expect(noFrames.status).toBe(400);
    const badUuid = await create({ cookie: person.cookie }, 'not-a-uuid', standInCapture({ faces: ['x'] }));
    expect(badUuid.status).toBe(400);
    const badJson = await t.request('/v1/biometry/create', {
      method: 'POST',
      headers: { cookie: person.cookie, 'content-type': 'application/json' },
      body: '{"uuid":',
    });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as TError).Message).toBe('O corpo da requisição não é um JSON válido.');
    const badStartBody = await t.json<TError>(
      '/v1/biometry/startBiometry',
      { eventId: 'x' },
      withCookie(person.cookie),
    );
    expect(badStartBody.status).toBe(400);
    const badStatusUuid = await get<TError>('/v1/biometry/status/123', { cookie: person.cookie });
    expect(badStatusUuid.status).toBe(400);
    const unknown = await get<TError>('/v1/biometry/status/00000000-0000-4000-8000-000000000000', {
      cookie: person.cookie,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.Message).toBe('Biometria não encontrada');
  });

  it('enrols a face to ACTIVE, and the same face on a second account is LINKED_TO_ANOTHER_ACCOUNT', async () => {
    const face = someone();
    const { person, uuid } = await enrolled({ faces: [face] });
    const status = await get<TBiometryUserStatusAnswer>(`/v1/biometry/user/${person.userId}`, {
      cookie: person.cookie,
    });
    expect(status.body.data).toMatchObject({
      statusId: S.ACTIVE,
      statusName: 'ACTIVE',
      uuid,
      reviewDueAt: null,
    });
    // ACTIVE is final: startBiometry answers it, and a new capture is refused.
    expect((await start(person)).body).toMatchObject({ uuid, statusId: S.ACTIVE });
    const again = await create({ cookie: person.cookie }, uuid, standInCapture({ faces: [face] }));
    expect(again.status).toBe(409);

    const other = await enrolling();
    const duplicate = await create(
      { cookie: other.person.cookie },
      other.uuid,
      standInCapture({ faces: [face] }),
    );
    expect(duplicate.status).toBe(200);
    expect(duplicate.body).toMatchObject({
      success: false,
      data: { biometryStatusId: S.LINKED_TO_ANOTHER_ACCOUNT, problem: null },
      message: 'Ops! Já vimos esse rosto por aqui',
    });
    // The duplicate is not stored: only the first account's face is.
    expect(
      await t.database.db
        .select()
        .from(biometryFaces)
        .where(eq(biometryFaces.subjectId, other.person.userId)),
    ).toEqual([]);
  });

  it('sends a look-alike or a narrow liveness pass to MANUAL_VERIFICATION with the review hours', async () => {
    const face = someone();
    await enrolled({ faces: [face] });
    const lookAlike = await enrolling();
    const before = Date.now();
    const review = await create(
      { cookie: lookAlike.person.cookie },
      lookAlike.uuid,
      standInCapture({ faces: [someone()], like: { face, similarity: 0.8 } }),
    );
    expect(review.body.data.biometryStatusId).toBe(S.MANUAL_VERIFICATION);
    expect(review.body.message).toBe('Biometria em análise. Você terá um retorno em até 24 horas.');
    const status = await get<TBiometryUserStatusAnswer>(`/v1/biometry/user/${lookAlike.person.userId}`, {
      cookie: lookAlike.person.cookie,
    });
    const due = new Date(status.body.data!.reviewDueAt!).getTime();
    expect(due - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(due - before).toBeLessThan(24 * 3_600_000 + 60_000);

    const narrow = await enrolling();
    const borderline = await create(
      { cookie: narrow.person.cookie },
      narrow.uuid,
      standInCapture({ faces: [someone()], borderline: true }),
    );
    expect(borderline.body.data.biometryStatusId).toBe(S.MANUAL_VERIFICATION);

    // A face far from every enrolled one enrols.
    const stranger = await enrolling();
    const distinct = await create(
      { cookie: stranger.person.cookie },
      stranger.uuid,
      standInCapture({ faces: [someone()], like: { face, similarity: 0.5 } }),
    );
    expect(distinct.body.data.biometryStatusId).toBe(S.ACTIVE);
  });

  it('refuses no face, two faces, a failed challenge and a photo, and blocks at the third refusal', async () => {
    const { person, uuid } = await enrolling();
    const noFace = await create({ cookie: person.cookie }, uuid, standInCapture({ faces: [] }));
    expect(noFace.status).toBe(200);
    expect(noFace.body).toMatchObject({
      success: false,
      data: {
        biometryStatusId: S.IN_PROGRESS,
        problem: 'no_face',
        attemptsLeft: 2,
        hasExceededAttempts: false,
      },
    });
    expect(noFace.body.message).toMatch(/^Erro ao criar biometria: não encontramos um rosto/);
    const two = await create({ cookie: person.cookie }, uuid, standInCapture({ faces: ['a', 'b'] }));
    expect(two.body.data).toMatchObject({
      biometryStatusId: S.IN_PROGRESS,
      problem: 'several_faces',
      attemptsLeft: 1,
    });
    expect(two.body.message).toMatch(/mais de um rosto/);
    const photo = await create(
      { cookie: person.cookie },
      uuid,
      standInCapture({ faces: [someone()], spoof: true }),
    );
    expect(photo.body.data).toMatchObject({
      biometryStatusId: S.BLOCKED,
      problem: 'not_live',
      attemptsLeft: 0,
      hasExceededAttempts: true,
    });
    expect(photo.body.message).toContain('LR0001');
    const status = await get<TBiometryStatusByUuidAnswer>(`/v1/biometry/status/${uuid}`, {
      cookie: person.cookie,
    });
    expect(status.body).toEqual({ statusId: S.BLOCKED, uuid, hasExceededAttempts: true });
    // Blocked is final: a good capture afterwards changes nothing.
    const late = await create({ cookie: person.cookie }, uuid, standInCapture({ faces: [someone()] }));
    expect(late.status).toBe(409);
    expect((await start(person)).body).toMatchObject({
      uuid,
      statusId: S.BLOCKED,
      hasExceededAttempts: true,
    });

    const other = await enrolling();
    const failed = await create(
      { cookie: other.person.cookie },
      other.uuid,
      standInCapture({ faces: ['z'], challenge: false }),
    );
    expect(failed.body.data.problem).toBe('challenge_failed');
    const notJpeg = await create({ cookie: other.person.cookie }, other.uuid, [
      Buffer.from('x'.repeat(120)).toString('base64'),
    ]);
    expect(notJpeg.body.data.problem).toBe('bad_image');
  });

  it("refuses someone else's uuid and userId", async () => {
    const owner = await enrolling();
    const stranger = await register(t);
    const foreignToken = await token(stranger, owner.uuid);
    expect(foreignToken.status).toBe(404);
    const foreignCreate = await create(
      { cookie: stranger.cookie },
      owner.uuid,
      standInCapture({ faces: [someone()] }),
    );
    expect(foreignCreate.status).toBe(404);
    const foreignStatus = await get<TError>(`/v1/biometry/status/${owner.uuid}`, { cookie: stranger.cookie });
    expect(foreignStatus.status).toBe(404);
    const foreignUser = await get<TError>(`/v1/biometry/user/${owner.person.userId}`, {
      cookie: stranger.cookie,
    });
    expect(foreignUser.status).toBe(403);
    const anonymousStatus = await get<TError>(`/v1/biometry/status/${owner.uuid}`);
    expect(anonymousStatus.status).toBe(401);
    const none = await get<TBiometryUserStatusAnswer>(`/v1/biometry/user/${stranger.userId}`, {
      cookie: stranger.cookie,
    });
    expect(none.body).toEqual({ success: false, data: null });
    // The owner's enrolment is untouched.
    const [row] = await t.database.db
      .select()
      .from(biometryEnrolments)
      .where(eq(biometryEnrolments.uuid, owner.uuid));
    expect(row).toMatchObject({ status: S.STARTED, attempts: 0 });
  });

  it('enrols from a phone with a token, which works once', async () => {
    const { person, uuid } = await enrolling();
    const made = await token(person, uuid);
    expect(made.status).toBe(200);
    expect(made.body.url).toBe(
      `${t.config.publicUrl}/reconhecimento-facial?uuid=${uuid}&token=${encodeURIComponent(made.body.token)}`,
    );
    const expires = new Date(made.body.expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(9 * 60_000);
    expect(expires).toBeLessThanOrEqual(10 * 60_000);
    const phone = { token: made.body.token };
    const seen = await get<TBiometryStatusByUuidAnswer>(`/v1/biometry/status/${uuid}`, {
      'x-biometry-token': phone.token,
    });
    expect(seen.body).toEqual({ statusId: S.STARTED, uuid, hasExceededAttempts: false });
    // A refused capture does not use the token up.
    const blurred = await create(phone, uuid, standInCapture({ faces: [] }));
    expect(blurred.body.data.problem).toBe('no_face');
    const done = await create(phone, uuid, standInCapture({ faces: [someone()] }));
    expect(done.body.data.biometryStatusId).toBe(S.ACTIVE);
    const reused = await get<TError>(`/v1/biometry/status/${uuid}`, { 'x-biometry-token': phone.token });
    expect(reused.status).toBe(403);
    expect(reused.body.Message).toMatch(/expirou ou já foi usado/);
    // A token is bound to its uuid: another enrolment refuses it.
    const other = await enrolling();
    const wrongUuid = await create(phone, other.uuid, standInCapture({ faces: [someone()] }));
    expect(wrongUuid.status).toBe(403);
    const forged = await get<TError>(`/v1/biometry/status/${other.uuid}`, {
      'x-biometry-token': 'e30.e30.x',
    });
    expect(forged.status).toBe(403);
    // No token for an enrolment that is over.
    const over = await token(person, uuid);
    expect(over.status).toBe(409);
    expect(over.body.Message).toBe('Erro ao gerar token: Este cadastro de biometria já foi concluído.');
  });

  it('enrols once when two captures of one uuid arrive together', async () => {
    const { person, uuid } = await enrolling();
    const face = someone();
    const answers = await Promise.all([
      create({ cookie: person.cookie }, uuid, standInCapture({ faces: [face] })),
      create({ cookie: person.cookie }, uuid, standInCapture({ faces: [face] })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.status === 200)!;
    expect(won.body.data.biometryStatusId).toBe(S.ACTIVE);
    const lost = answers.find((a) => a.status === 409)!;
    // Lost the race at the verdict, or arrived once the first had finished.
    expect([
      'Falha ao cadastrar - Por favor, verifique novamente o status da biometria.',
      'Este cadastro de biometria já foi concluído.',
    ]).toContain(lost.body.Message);
    const faces = await t.database.db
      .select()
      .from(biometryFaces)
      .where(eq(biometryFaces.subjectId, person.userId));
    expect(faces).toHaveLength(1);
  });

  it('keeps faces sealed at rest under a generated key', async () => {
    const face = someone();
    const { person } = await enrolled({ faces: [face] });
    const [row] = await t.database.db
      .select()
      .from(biometryFaces)
      .where(eq(biometryFaces.subjectId, person.userId));
    const [key] = await t.database.db
      .select()
      .from(appMeta)
      .where(eq(appMeta.key, 'biometry_encryption_key'));
    expect(Buffer.from(key!.value, 'base64')).toHaveLength(32);
    // iv (12) + tag (16) + 32 floats (128): no descriptor bytes in the clear.
    const sealed = Buffer.from(row!.sealed, 'base64url');
    expect(sealed).toHaveLength(12 + 16 + 128);
    const engine = createStandInFaceEngine();
    const check = await engine.check({
      frames: [Buffer.from(standInFrame({ faces: [face] }), 'base64')],
      challenge: 'move_closer',
    });
    const plain = check.kind === 'ok' ? Buffer.from(check.probe.descriptor!.buffer) : Buffer.alloc(0);
    expect(sealed.includes(plain.subarray(0, 16))).toBe(false);
  });

  it('deletes my biometry: the face is forgotten and the status is none', async () => {
    const face = someone();
    const { person } = await enrolled({ faces: [face] });
    const response = await t.request('/api/privacy/biometry', {
      method: 'DELETE',
      headers: { cookie: person.cookie },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as TDeleteBiometryAnswer;
    expect(body).toEqual({ Message: 'Sua biometria facial foi excluída.', deleted: 1 });
    const none = await get<TBiometryUserStatusAnswer>(`/v1/biometry/user/${person.userId}`, {
      cookie: person.cookie,
    });
    expect(none.body).toEqual({ success: false, data: null });
    // The face is no longer a duplicate for anyone.
    const other = await enrolling();
    const fresh = await create(
      { cookie: other.person.cookie },
      other.uuid,
      standInCapture({ faces: [face] }),
    );
    expect(fresh.body.data.biometryStatusId).toBe(S.ACTIVE);
    // A new enrolment may start.
    expect((await start(person)).body.statusId).toBe(S.STARTED);
    const anonymous = await t.request('/api/privacy/biometry', { method: 'DELETE' });
    expect(anonymous.status).toBe(401);
  });

  it('exports the biometry status without the face, and account deletion removes it', async () => {
    const face = someone();
    const { person, uuid } = await enrolled({ faces: [face] });
    const exported = await get<TMyDataExport>('/api/privacy/my-data', { cookie: person.cookie });
    expect(exported.body.biometry).toMatchObject({
      status: 'collected',
      enrolments: [{ uuid, statusId: S.ACTIVE, statusName: 'ACTIVE', attempts: 0 }],
    });
    const [stored] = await t.database.db
      .select()
      .from(biometryFaces)
      .where(eq(biometryFaces.subjectId, person.userId));
    expect(JSON.stringify(exported.body)).not.toContain(stored!.sealed);
    const deleted = await t.json<TError>(
      '/api/privacy/delete-account',
      { password: PASSWORD },
      withCookie(person.cookie),
    );
    expect(deleted.status).toBe(200);
    expect(
      await t.database.db.select().from(biometryFaces).where(eq(biometryFaces.subjectId, person.userId)),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(biometryEnrolments)
        .where(eq(biometryEnrolments.userId, person.userId)),
    ).toEqual([]);
  });
});

describe('biometry tokens and limits from configuration', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(
      'pglite',
      {
        CAPTCHA_PROVIDER: 'off',
        BIOMETRY_TOKEN_TTL_SECONDS: '1',
        BIOMETRY_MAX_ATTEMPTS: '1',
        BIOMETRY_MANUAL_REVIEW_HOURS: '48',
      },
      { faceEngine: createStandInFaceEngine() },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an expired token, blocks at the configured limit and shows the configured review hours', async () => {
    const person = await register(t);
    const { uuid } = (
      await t.json<TStartBiometryAnswer>('/v1/biometry/startBiometry', {}, withCookie(person.cookie))
    ).body;
    const made = await t.json<TGenerateBiometryTokenAnswer>(
      '/v1/biometry/generateToken',
      { uuid, channel: 'qrcode', locale: 'pt-BR' },
      withCookie(person.cookie),
    );
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const late = await t.json<TError>(
      '/v1/biometry/create',
      { uuid, frames: standInCapture({ faces: ['late'] }) },
      { headers: { 'x-biometry-token': made.body.token } },
    );
    expect(late.status).toBe(403);
    const once = await t.json<TCreateBiometryAnswer>(
      '/v1/biometry/create',
      { uuid, frames: standInCapture({ faces: [] }) },
      withCookie(person.cookie),
    );
    expect(once.body.data).toMatchObject({ biometryStatusId: S.BLOCKED, hasExceededAttempts: true });
    const other = await register(t);
    const next = (
      await t.json<TStartBiometryAnswer>('/v1/biometry/startBiometry', {}, withCookie(other.cookie))
    ).body;
    const review = await t.json<TCreateBiometryAnswer>(
      '/v1/biometry/create',
      { uuid: next.uuid, frames: standInCapture({ faces: ['narrow'], borderline: true }) },
      withCookie(other.cookie),
    );
    expect(review.body.message).toBe('Biometria em análise. Você terá um retorno em até 48 horas.');
  });
});

describe('biometry guards shown failing without them, limits and kept frames', () => {
  let t: TTestApp;
  let unsafe: TTestApp;
  beforeAll(async () => {
    [t, unsafe] = await Promise.all([
      createTestApp(
        'pglite',
        { CAPTCHA_PROVIDER: 'off', BIOMETRY_IMAGE_RETENTION_HOURS: '2' },
        { faceEngine: createStandInFaceEngine() },
      ),
      createTestApp(
        'pglite',
        { CAPTCHA_PROVIDER: 'off', TEST_UNSAFE_BIOMETRY_MOVES: 'true' },
        { faceEngine: createStandInFaceEngine() },
      ),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), unsafe.close()]);
  });

  async function startOn(app: TTestApp) {
    const person = await register(app);
    const started = await app.json<TStartBiometryAnswer>(
      '/v1/biometry/startBiometry',
      {},
      withCookie(person.cookie),
    );
    return { person, uuid: started.body.uuid };
  }

  it('negative control: without the status guard, two captures of one uuid both reach a verdict', async () => {
    const { person, uuid } = await startOn(unsafe);
    const answers = await Promise.all(
      [0, 1].map(() =>
        unsafe.json<TCreateBiometryAnswer>(
          '/v1/biometry/create',
          { uuid, frames: standInCapture({ faces: ['racer'] }) },
          withCookie(person.cookie),
        ),
      ),
    );
    // The guarded app answers [200, 409] to the same race (the test above).
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.data.biometryStatusId)).toEqual([S.ACTIVE, S.ACTIVE]);
  });

  it('refuses a capture body past its own limit with 413', async () => {
    const { person, uuid } = await startOn(t);
    const huge = await t.json<TError>(
      '/v1/biometry/create',
      { uuid, frames: ['A'.repeat(7_000_000)] },
      withCookie(person.cookie),
    );
    expect(huge.status).toBe(413);
    // A capture larger than the other calls' 64 KB is accepted.
    const big = await t.json<TCreateBiometryAnswer>(
      '/v1/biometry/create',
      { uuid, frames: standInCapture({ faces: [] }).map((f) => f.padEnd(100_000, 'A')) },
      withCookie(person.cookie),
    );
    expect(big.status).toBe(200);
  });

  it('limits startBiometry per account with a 429', async () => {
    const person = await register(t);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await t.json('/v1/biometry/startBiometry', {}, withCookie(person.cookie))).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('keeps the frame of a capture under review sealed, and purges it after the retention', async () => {
    const { person, uuid } = await startOn(t);
    const frames = standInCapture({ faces: ['reviewed'], borderline: true });
    const review = await t.json<TCreateBiometryAnswer>(
      '/v1/biometry/create',
      { uuid, frames },
      withCookie(person.cookie),
    );
    expect(review.body.data.biometryStatusId).toBe(S.MANUAL_VERIFICATION);
    const [kept] = await t.database.db
      .select()
      .from(biometryReviewImages)
      .where(eq(biometryReviewImages.enrolmentUuid, uuid));
    expect(kept).toBeTruthy();
    const hours = (kept!.purgeAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
    expect(Buffer.from(kept!.sealed, 'base64url').includes(Buffer.from('reviewed'))).toBe(false);
    // Past its time, the next capture anywhere purges it.
    await t.database.db
      .update(biometryReviewImages)
      .set({ purgeAt: new Date(Date.now() - 1000) })
      .where(eq(biometryReviewImages.enrolmentUuid, uuid));
    const next = await startOn(t);
    await t.json(
      '/v1/biometry/create',
      { uuid: next.uuid, frames: standInCapture({ faces: [] }) },
      withCookie(next.person.cookie),
    );
    expect(
      await t.database.db
        .select()
        .from(biometryReviewImages)
        .where(eq(biometryReviewImages.enrolmentUuid, uuid)),
    ).toEqual([]);
  });
});

describe('biometry logs and a failing provider', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers 503 when the engine fails, and never logs a frame, a token or a descriptor', async () => {
    const engine = createStandInFaceEngine();
    let failing = false;
    const flaky = {
      ...engine,
      check: (input: Parameters<typeof engine.check>[0]) =>
        failing ? Promise.reject(new Error('model crashed')) : engine.check(input),
    };
    const t = await createTestApp(
      'pglite',
      { LOG_LEVEL: 'debug', CAPTCHA_PROVIDER: 'off' },
      { faceEngine: flaky },
    );
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stdout.write);
    try {
      const person = await register(t);
      const { uuid } = (
        await t.json<TStartBiometryAnswer>('/v1/biometry/startBiometry', {}, withCookie(person.cookie))
      ).body;
      const made = await t.json<TGenerateBiometryTokenAnswer>(
        '/v1/biometry/generateToken',
        { uuid, channel: 'qrcode', locale: 'pt-BR' },
        withCookie(person.cookie),
      );
      const frames = standInCapture({ faces: ['logged'] });
      failing = true;
      const down = await t.json<TError>(
        '/v1/biometry/create',
        { uuid, frames },
        { headers: { 'x-biometry-token': made.body.token } },
      );
      expect(down.status).toBe(503);
      expect(down.body.Message).toMatch(/^Erro ao verificar biometria facial/);
      failing = false;
      const done = await t.json<TCreateBiometryAnswer>(
        '/v1/biometry/create',
        { uuid, frames },
        { headers: { 'x-biometry-token': made.body.token } },
      );
      expect(done.body.data.biometryStatusId).toBe(S.ACTIVE);
      const [face] = await t.database.db
        .select()
        .from(biometryFaces)
        .where(eq(biometryFaces.subjectId, person.userId));

      const log = written.join('');
      expect(log).toContain('biometry provider failed');
      for (const secret of [frames[0]!.slice(8, 60), made.body.token, face!.sealed.slice(0, 40)])
        expect(log).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});

describe('the per-account capture limit', () => {
  it("counts a phone's captures (token) and the session's together: the 31st in an hour is a 429", async () => {
    const t = await createTestApp(
      'pglite',
      { CAPTCHA_PROVIDER: 'off', BIOMETRY_MAX_ATTEMPTS: '20' },
      { faceEngine: createStandInFaceEngine() },
    );
    try {
      const person = await register(t);
      const { uuid } = (
        await t.json<TStartBiometryAnswer>('/v1/biometry/startBiometry', {}, withCookie(person.cookie))
      ).body;
      const made = await t.json<TGenerateBiometryTokenAnswer>(
        '/v1/biometry/generateToken',
        { uuid, channel: 'qrcode', locale: 'pt-BR' },
        withCookie(person.cookie),
      );
      const body = { uuid, frames: standInCapture({ faces: [] }) };
      for (let i = 0; i < 10; i += 1) {
        const phone = await t.json('/v1/biometry/create', body, {
          headers: { 'x-biometry-token': made.body.token },
        });
        expect(phone.status).toBe(200);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1)
        statuses.push((await t.json('/v1/biometry/create', body, withCookie(person.cookie))).status);
      // 10 more refusals reach the limit of 20 (BLOCKED), then the enrolment is over (409), then the hour's 30 are spent.
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses.slice(10, 20)).toEqual(Array(10).fill(409));
      expect(statuses[20]).toBe(429);
    } finally {
      await t.close();
    }
  });
});
