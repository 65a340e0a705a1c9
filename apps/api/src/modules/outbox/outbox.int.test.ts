import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../adapters/mail/smtp.ts';
import { createLocalOutboxSms } from '../../adapters/sms/local-outbox.ts';
import { eq, sql } from '../../db/orm.ts';
import { outboxMessages } from '../../db/schema/index.ts';
import { createLogger } from '../../logger.ts';
import { brazilianAdult, register } from '../../testing/accounts.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../../testing/smtp-server.ts';
import { createTestApp, type TTestApp, testDatabases } from '../../testing/test-app.ts';
import { messageIdOf } from './deliver-outbox.ts';
import { enqueueMessage } from './enqueue-message.ts';
import { createOutbox } from './outbox-worker.ts';

/** Runs the worker until `done` holds (retries are due a few milliseconds apart here). */
async function until(worker: { drain(): Promise<void> }, done: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await worker.drain();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDatabases())('the outbox on %s', (kind) => {
  let t: TTestApp;
  let smtp: TTestSmtpServer;
  beforeAll(async () => {
    // A mail server that is down for the first two tries at flaky.* and for good at down.*.
    smtp = await startTestSmtpServer({
      refuse: (address, attempt) =>
        address.startsWith('down.') || (address.startsWith('flaky.') && attempt <= 2),
    });
    t = await createTestApp(kind, {
      CAPTCHA_PROVIDER: 'off',
      SMTP_URL: smtp.url,
      OUTBOX_RETRY_BASE_MS: '10',
      OUTBOX_MAX_ATTEMPTS: '3',
    });
  });
  afterAll(async () => {
    await t.app.outbox.stop();
    await t.close();
    await smtp.close();
  });

  const rowsTo = (address: string) =>
    t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, address));

  it('delivers a message exactly once after the mail server refused its first two attempts', async () => {
    const { input } = await register(t, brazilianAdult({ email: `flaky.${Date.now()}@exemplo.com.br` }));
    await until(
      t.app.outbox,
      async () => (await rowsTo(input.email))[0]?.status === 'sent',
      'the verification mail',
    );
    const [row] = await rowsTo(input.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(smtp.attempts.get(input.email)).toBe(3);
    const delivered = smtp.received.filter((mail) => mail.to.includes(input.email));
    expect(delivered.map((mail) => mail.subject)).toEqual(['Confirme seu e-mail no Bilheto']);
    expect(delivered[0]!.messageId).toBe(messageIdOf(row!.id, 'bilheto.com.br'));
  });

  it('gives a message up after the last attempt, and the person who asked never saw an error', async () => {
    const { input } = await register(t, brazilianAdult({ email: `down.${Date.now()}@exemplo.com.br` }));
    const asked = await t.json('/api/v2/webiste/sendResetPasswordEmail', {
      identifier: input.cpf,
      identifierType: 1,
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ status: 'email_sent' });
    await until(
      t.app.outbox,
      async () => {
        const rows = await rowsTo(input.email);
        return rows.length === 2 && rows.every((row) => row.status === 'dead');
      },
      'both messages to be given up',
    );
    for (const row of await rowsTo(input.email)) {
      expect(row.attempts).toBe(3);
      expect(row.sentAt).toBeNull();
      // The server's answer is kept, without the address it refused.
      expect(row.lastError).toContain('451');
      expect(row.lastError).not.toContain(input.email);
    }
    expect(smtp.attempts.get(input.email)).toBe(6);
    expect(smtp.received.filter((mail) => mail.to.includes(input.email))).toEqual([]);
    // Given up means no more tries, however long the worker keeps polling.
    await t.app.outbox.drain();
    expect(smtp.attempts.get(input.email)).toBe(6);
  });

  it('lets two workers drain one outbox at once, each message delivered once', async () => {
    const worker = () =>
      createOutbox({
        db: t.database.db,
        config: t.config,
        log: t.log,
        mailer: createSmtpMailer(smtp.url, t.config.MAIL_FROM),
        sms: createLocalOutboxSms(t.database.db),
        render: async () => null,
      });
    const stamp = Date.now();
    const addresses = Array.from({ length: 40 }, (_, i) => `pair.${stamp}.${i}@exemplo.com.br`);
    for (const to of addresses)
      await enqueueMessage(t.database.db, {
        channel: 'mail',
        mail: { to, subject: 'Olá', html: '<p>Olá</p>', text: 'Olá' },
      });
    await Promise.all([worker().drain(), worker().drain(), worker().drain()]);
    for (const to of addresses) {
      expect(smtp.received.filter((mail) => mail.to === to)).toHaveLength(1);
      expect(await rowsTo(to)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    }
  });

  it('retries a text message too, and warns of one it gives up without its number', async () => {
    const lines: string[] = [];
    const tries = new Map<string, number>();
    const worker = createOutbox({
      db: t.database.db,
      config: t.config,
      log: createLogger('info', {}, (line) => lines.push(line)),
      mailer: createSmtpMailer(smtp.url, t.config.MAIL_FROM),
      // A provider that fails a number's first try, and always for numbers ending 0000.
      sms: {
        kind: 'twilio',
        async send(to) {
          const n = (tries.get(to) ?? 0) + 1;
          tries.set(to, n);
          if (n === 1 || to.endsWith('0000')) throw new Error(`provider answered 503 for ${to}`);
        },
      },
      render: async () => null,
    });
    const flaky = `+55119${String(Date.now()).slice(-8)}`;
    const down = `+55119${String(Date.now()).slice(-4)}0000`;
    await enqueueMessage(t.database.db, { channel: 'sms', to: flaky, body: 'Bilheto: seu código é 123456.' });
    await enqueueMessage(t.database.db, { channel: 'sms', to: down, body: 'Bilheto: seu código é 654321.' });
    await until(
      worker,
      async () => (await rowsTo(flaky))[0]?.status === 'sent' && (await rowsTo(down))[0]?.status === 'dead',
      'the text messages',
    );
    expect(await rowsTo(flaky)).toMatchObject([{ status: 'sent', attempts: 2 }]);
    expect(await rowsTo(down)).toMatchObject([{ status: 'dead', attempts: 3 }]);
    expect(tries.get(flaky)).toBe(2);
    const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 'warn');
    expect(warnings).toMatchObject([{ msg: 'outbox message given up', channel: 'sms', attempts: 3 }]);
    for (const line of lines) {
      expect(line).not.toContain(down.slice(1));
      expect(line).not.toContain(flaky.slice(1));
    }
    expect((await rowsTo(down))[0]!.lastError).not.toContain(down.slice(1));
  });

  // PostgreSQL only: PGlite is one connection, which requests and the outbox share by design.
  if (kind === 'postgres')
    it('delivers while every request connection is busy: the outbox has a pool of its own', async () => {
      const to = `busy.${Date.now()}@exemplo.com.br`;
      await enqueueMessage(t.database.db, {
        channel: 'mail',
        mail: { to, subject: 'Olá', html: '<p>Olá</p>', text: 'Olá' },
      });
      // Every connection of the requests' pool (20 in tests) held for 5 s, as at an on-sale's peak.
      let released = false;
      const busy = Promise.all(
        Array.from({ length: 20 }, () =>
          t.database.db.execute(sql`select pg_sleep(5)`).then(() => {
            released = true;
          }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await t.app.outbox.drain();
      // Sent before any of them gave its connection back.
      const sentWhileBusy = !released;
      await busy;
      expect(sentWhileBusy).toBe(true);
      expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
    });

  it('renders a confirmation once: stored only when its first send fails, and the retry sends what was rendered', async () => {
    // The app's own worker would render these with the product's renderer (no such order): only ours runs.
    await t.app.outbox.stop();
    const stamp = Date.now();
    let renders = 0;
    const worker = createOutbox({
      db: t.database.db,
      config: t.config,
      log: t.log,
      mailer: createSmtpMailer(smtp.url, t.config.MAIL_FROM),
      sms: createLocalOutboxSms(t.database.db),
      // Each render says which it was: a second render would send another subject.
      render: async (request) => {
        renders += 1;
        const to = request.orderId.startsWith('flaky')
          ? `flaky.${stamp}@exemplo.com.br`
          : `ok.${stamp}@exemplo.com.br`;
        return {
          to,
          subject: `Seus ingressos (render ${renders})`,
          html: '<p>Ingressos</p>',
          text: 'Ingressos',
          attachments: [
            { filename: 'ingressos.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4') },
          ],
        };
      },
    });
    const render = (orderId: string) => ({ kind: 'order_confirmation' as const, orderId, locale: 'pt-BR' });
    await enqueueMessage(t.database.db, { channel: 'mail', render: render(`ok-${stamp}`) });
    await worker.drain();
    // Sent at its first try: the row keeps who got it and its subject, not the body.
    const [sent] = await rowsTo(`ok.${stamp}@exemplo.com.br`);
    expect(sent).toMatchObject({
      status: 'sent',
      subject: 'Seus ingressos (render 1)',
      html: null,
      attachments: null,
    });

    await enqueueMessage(t.database.db, { channel: 'mail', render: render(`flaky-${stamp}`) });
    await worker.drain();
    // Refused: the rendered message is stored for the retries (a row sent at its first try keeps no
    // body). With retries 10 ms apart a slow machine's drain may already have sent it.
    const [failed] = await rowsTo(`flaky.${stamp}@exemplo.com.br`);
    expect(failed).toMatchObject({ subject: 'Seus ingressos (render 2)', html: '<p>Ingressos</p>' });
    expect(['pending', 'sent']).toContain(failed!.status);
    expect(failed!.attachments).toHaveLength(1);
    await until(
      worker,
      async () => (await rowsTo(`flaky.${stamp}@exemplo.com.br`))[0]?.status === 'sent',
      'the flaky confirmation',
    );
    expect(renders).toBe(2);
    const delivered = smtp.received.filter((mail) => mail.to.includes(`flaky.${stamp}@`));
    expect(delivered.map((mail) => mail.subject)).toEqual(['Seus ingressos (render 2)']);
  });
});
