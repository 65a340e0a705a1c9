import type { TCartAnswer, TPaymentAnswer } from '@ingressos/contracts';
import type {
  TBiometryPendingReviewsAnswer,
  TBiometryReviewAnswer,
  TBiometryUserStatusAnswer,
  TCreateBiometryAnswer,
  TStartBiometryAnswer,
} from '@ingressos/contracts/biometry';
import { BIOMETRY_STATUS as S } from '@ingressos/domain/biometry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from '../../db/orm.ts';
import {
  biometryEnrolments,
  biometryFaces,
  events,
  eventTickets,
  mailOutbox,
  ticketLots,
  users,
} from '../../db/schema/index.ts';
import { foreignAdult, fromIp, register, type TRegistered, withCookie } from '../../testing/accounts.ts';
import { createCartFixture } from '../../testing/cart-fixture.ts';
import { createStandInFaceEngine, standInCapture } from '../../testing/face-engine-stand-in.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';

type TError = { Message: string; code: string };
const TOKEN = 'review-token-'.padEnd(40, 'r');
let serial = 0;
const someone = () => `reviewed-${Date.now()}-${++serial}`;

/**
 * Issue 31 item 16: an enrolment the face check sends to a person (MANUAL_VERIFICATION) is decided
 * by the staff call, which moves it along the lifecycle, e-mails the buyer, and refuses every other
 * move. The stand-in engine reaches MANUAL_VERIFICATION the way the real one does: a narrow pass.
 */
describe.each(testDatabases())('the manual review of facial biometry on %s', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { CAPTCHA_PROVIDER: 'off', ADMIN_TOKEN: TOKEN },
      { faceEngine: createStandInFaceEngine() },
    );
  });
  afterAll(() => t.close());

  /** Staff calls, each from an address of its own unless told (the admin limit is per IP). */
  const staff = async <T>(
    path: string,
    options: { body?: unknown; token?: string | null; ip?: string; cookie?: string } = {},
  ) => {
    serial += 1;
    const token = options.token === undefined ? TOKEN : options.token;
    const response = await t.app.request(
      `http://localhost${path}`,
      {
        method: options.body === undefined ? 'GET' : 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token === null ? {} : { 'x-admin-token': token }),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      },
      fromIp(options.ip ?? `192.0.2.${serial % 250}`),
    );
    return { status: response.status, body: (await response.json()) as T & TError };
  };
  const decide = (uuid: string, decision: string, extra: { token?: string | null; ip?: string } = {}) =>
    staff<TBiometryReviewAnswer>(`/api/admin/biometry/reviews/${uuid}`, {
      body: { decision, reviewer: 'Ana Revisora' },
      ...extra,
    });
  const statusOf = async (person: TRegistered) => {
    const response = await t.request(`/v1/biometry/user/${person.userId}`, {
      headers: { cookie: person.cookie },
    });
    return ((await response.json()) as TBiometryUserStatusAnswer).data;
  };
  const mailsTo = async (person: TRegistered) => {
    await t.app.outbox.drain();
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, person.input.email));
    // Registering sent the address's confirmation: only the review's messages count here.
    return mails.filter((mail) => /biometr|document/i.test(mail.subject));
  };
  const hasFace = async (person: TRegistered) =>
    (await t.database.db.select().from(biometryFaces).where(eq(biometryFaces.subjectId, person.userId)))
      .length === 1;

  /** A buyer whose capture passed only narrowly: the face check sends it to a person. */
  async function underReview(person?: TRegistered) {
    const buyer = person ?? (await register(t));
    const started = await t.json<TStartBiometryAnswer>(
      '/v1/biometry/startBiometry',
      {},
      withCookie(buyer.cookie),
    );
    const capture = await t.json<TCreateBiometryAnswer>(
      '/v1/biometry/create',
      { uuid: started.body.uuid, frames: standInCapture({ faces: [someone()], borderline: true }) },
      withCookie(buyer.cookie),
    );
    expect(capture.body.data.biometryStatusId).toBe(S.MANUAL_VERIFICATION);
    expect(capture.body.message).toBe('Biometria em análise. Você terá um retorno em até 24 horas.');
    return { buyer, uuid: started.body.uuid };
  }

  it('lists the enrolment under review, then approving it makes it ACTIVE, e-mails the buyer and keeps the face', async () => {
    const { buyer, uuid } = await underReview();
    const waiting = await statusOf(buyer);
    expect(waiting).toMatchObject({ statusId: S.MANUAL_VERIFICATION, statusName: 'MANUAL_VERIFICATION' });
    expect(waiting?.reviewDueAt).not.toBeNull();
    const listed = await staff<TBiometryPendingReviewsAnswer>('/api/admin/biometry/reviews');
    expect(listed.status).toBe(200);
    expect(listed.body.reviews).toContainEqual(
      expect.objectContaining({ uuid, userId: buyer.userId, email: buyer.input.email }),
    );

    const approved = await decide(uuid, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      uuid,
      decision: 'approve',
      statusId: S.ACTIVE,
      statusName: 'ACTIVE',
    });
    expect(await statusOf(buyer)).toMatchObject({ statusId: S.ACTIVE, reviewDueAt: null });
    expect(await hasFace(buyer)).toBe(true);
    const [mail, ...more] = await mailsTo(buyer);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Sua biometria facial foi aprovada');
    expect(mail?.text).toContain('Biometria cadastrada com sucesso!');
    expect(mail?.text).toContain('/minha-conta');
    const after = await staff<TBiometryPendingReviewsAnswer>('/api/admin/biometry/reviews');
    expect(after.body.reviews.map((r) => r.uuid)).not.toContain(uuid);
  });

  it.each([
    ['reject', S.BLOCKED, 'Não conseguimos aprovar sua biometria facial', 'LR0001'],
    [
      'duplicate',
      S.LINKED_TO_ANOTHER_ACCOUNT,
      'Não conseguimos aprovar sua biometria facial',
      'Ops! Já vimos esse rosto por aqui',
    ],
    [
      'document_mismatch',
      S.DOCUMENT_MISMATCH,
      'Não conseguimos validar seu documento',
      'não confere com o documento',
    ],
  ] as const)(
    '%s writes its status, e-mails the buyer and drops the face',
    async (decision, status, subject, says) => {
      const { buyer, uuid } = await underReview();
      expect(await hasFace(buyer)).toBe(true);
      const decided = await decide(uuid, decision);
      expect(decided.status).toBe(200);
      expect(decided.body.statusId).toBe(status);
      expect((await statusOf(buyer))?.statusId).toBe(status);
      expect(await hasFace(buyer)).toBe(false);
      const mails = await mailsTo(buyer);
      expect(mails.map((m) => m.subject)).toEqual([subject]);
      expect(mails[0]?.text).toContain(says);
    },
  );

  it('writes the e-mail in English to a foreign buyer', async () => {
    const { buyer, uuid } = await underReview(await register(t, foreignAdult()));
    expect((await decide(uuid, 'document_mismatch')).status).toBe(200);
    const [mail] = await mailsTo(buyer);
    expect(mail?.subject).toBe('We could not validate your document');
    expect(mail?.text).toContain('Hello, ');
  });

  it('refuses deciding twice, two decisions at once, and an enrolment that is not under review (409), leaving it as it was', async () => {
    const { buyer, uuid } = await underReview();
    expect((await decide(uuid, 'approve')).status).toBe(200);
    const again = await decide(uuid, 'document_mismatch');
    expect(again.status).toBe(409);
    expect(again.body.Message).toBe(
      'Esta biometria não está em análise: a decisão já foi tomada ou ela não foi para análise.',
    );
    expect((await statusOf(buyer))?.statusId).toBe(S.ACTIVE);
    expect(await mailsTo(buyer)).toHaveLength(1);

    // Two people deciding the same review at the same moment: one decision, one e-mail.
    const race = await underReview();
    const answers = await Promise.all([decide(race.uuid, 'approve'), decide(race.uuid, 'reject')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.body.statusId;
    expect((await statusOf(race.buyer))?.statusId).toBe(winner);
    expect(await mailsTo(race.buyer)).toHaveLength(1);

    // An enrolment still open (STARTED) and one already ACTIVE by its capture.
    const open = await register(t);
    const started = await t.json<TStartBiometryAnswer>(
      '/v1/biometry/startBiometry',
      {},
      withCookie(open.cookie),
    );
    expect((await decide(started.body.uuid, 'approve')).status).toBe(409);
    const [row] = await t.database.db
      .select()
      .from(biometryEnrolments)
      .where(and(eq(biometryEnrolments.uuid, started.body.uuid)));
    expect(row?.status).toBe(S.STARTED);
    const active = await register(t);
    const fresh = await t.json<TStartBiometryAnswer>(
      '/v1/biometry/startBiometry',
      {},
      withCookie(active.cookie),
    );
    await t.json(
      '/v1/biometry/create',
      { uuid: fresh.body.uuid, frames: standInCapture({ faces: [someone()] }) },
      withCookie(active.cookie),
    );
    expect((await statusOf(active))?.statusId).toBe(S.ACTIVE);
    expect((await decide(fresh.body.uuid, 'reject')).status).toBe(409);
    expect((await statusOf(active))?.statusId).toBe(S.ACTIVE);
    expect(await mailsTo(open)).toHaveLength(0);

    // Unknown uuid, bad uuid, unknown decision, no reviewer: 404 and 400s.
    expect((await decide('00000000-0000-4000-8000-000000000000', 'approve')).status).toBe(404);
    expect((await decide('not-a-uuid', 'approve')).status).toBe(400);
    expect((await decide(uuid, 'maybe')).status).toBe(400);
    const anonymous = await staff(`/api/admin/biometry/reviews/${uuid}`, { body: { decision: 'approve' } });
    expect(anonymous.status).toBe(400);
  });

  it('is for staff only: no token, a wrong one or a buyer’s session is 403, and guessing runs into 429', async () => {
    const { buyer, uuid } = await underReview();
    expect((await decide(uuid, 'approve', { token: null })).status).toBe(403);
    expect((await decide(uuid, 'approve', { token: 'x'.repeat(40) })).status).toBe(403);
    const withSession = await staff(`/api/admin/biometry/reviews/${uuid}`, {
      body: { decision: 'approve', reviewer: 'Eu mesmo' },
      token: null,
      cookie: buyer.cookie,
    });
    expect(withSession.status).toBe(403);
    expect((await staff('/api/admin/biometry/reviews', { token: null })).status).toBe(403);
    expect((await statusOf(buyer))?.statusId).toBe(S.MANUAL_VERIFICATION);

    const ip = '203.0.113.77';
    const tries = [];
    for (let i = 0; i < 21; i += 1)
      tries.push((await decide(uuid, 'approve', { token: `guess-${i}`, ip })).status);
    expect(tries.slice(0, 20).every((status) => status === 403)).toBe(true);
    expect(tries[20]).toBe(429);
    // Even the right token waits on that address; another address decides.
    expect((await decide(uuid, 'approve', { ip })).status).toBe(429);
    expect((await decide(uuid, 'approve')).status).toBe(200);
  });

  it('lets the buyer pay a ticket that needs biometry at purchase once the review approves it, not before', async () => {
    const f = await createCartFixture(t.database.db);
    const [lot] = await t.database.db.select().from(ticketLots).where(eq(ticketLots.id, f.lotId));
    await t.database.db.update(events).set({ facialIsActive: true }).where(eq(events.id, f.eventId));
    await t.database.db
      .update(eventTickets)
      .set({ facialAtMomentOfPurchase: true })
      .where(eq(eventTickets.id, lot!.ticketId));
    await t.catalogue.refresh();
    const { buyer, uuid } = await underReview();
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, buyer.userId));
    const added = await t.json<TCartAnswer>('/api/v4/addtocart', { lotId: f.lotId, quantity: 1 });
    expect(added.status).toBe(200);
    const pay = async (key: string) => {
      const response = await t.request('/checkout/v1', {
        method: 'POST',
        headers: withCookie(buyer.cookie, { 'x-session-id': added.body.sessionID, 'idempotency-key': key })
          .headers,
        body: JSON.stringify({
          paymentType: 'credit_card',
          card: {
            token: `sbx_apro_visa_1111_${Math.random().toString(36).slice(2, 10).padEnd(16, 'a')}`,
            installments: 1,
          },
          identificationTickets: [{ indexItem: 0, cpfs: [buyer.input.cpf] }],
        }),
      });
      return { status: response.status, body: (await response.json()) as TPaymentAnswer & TError };
    };
    const waiting = await pay('review-pay-1');
    expect(waiting.status).toBe(422);
    expect(waiting.body.code).toBe('biometry_required');
    expect((await decide(uuid, 'approve')).status).toBe(200);
    const paid = await pay('review-pay-2');
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('approved');
    await t.app.checkout.idle();
  });

  it('refuses everyone when no ADMIN_TOKEN is configured', async () => {
    const bare = await createTestApp(
      kind,
      { CAPTCHA_PROVIDER: 'off' },
      { faceEngine: createStandInFaceEngine() },
    );
    try {
      const response = await bare.request('/api/admin/biometry/reviews', {
        headers: { 'x-admin-token': TOKEN },
      });
      expect(response.status).toBe(403);
    } finally {
      await bare.close();
    }
  });
});
