import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type TReceivedMail = {
  /** The Message-ID header (the outbox sets one per message, stable across resends). */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

export type TTestSmtpServer = {
  url: string;
  received: TReceivedMail[];
  /** How many times each address was offered (RCPT TO), refused or not. */
  attempts: Map<string, number>;
  /** Resolves with the first message to `to` whose subject matches, waiting for it to arrive. */
  waitFor(to: string, subject?: RegExp): Promise<TReceivedMail>;
  close(): Promise<void>;
};

export type TTestSmtpOptions = {
  /**
   * Refuses a recipient (451, try again later) while this says so; `attempt` counts from 1 per
   * address. A mail server that is down for a while, or for good.
   */
  refuse?: (address: string, attempt: number) => boolean;
};

/** A real SMTP server in this process on a free port: what the product sends arrives here. */
export async function startTestSmtpServer(options: TTestSmtpOptions = {}): Promise<TTestSmtpServer> {
  const received: TReceivedMail[] = [];
  const attempts = new Map<string, number>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const attempt = (attempts.get(address.address) ?? 0) + 1;
      attempts.set(address.address, attempt);
      if (options.refuse?.(address.address, attempt))
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
          received.push({
            messageId: mail.messageId ?? '',
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: mail.html || '',
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  // A sender killed mid-connection (the fault suites SIGKILL processes on purpose) resets its socket,
  // which smtp-server reports as the server's 'error': a real mail server logs it and goes on.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const find = (to: string, subject?: RegExp) =>
    received.find((mail) => mail.to.includes(to) && (!subject || subject.test(mail.subject)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts,
    waitFor(to, subject) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find(to, subject);
          if (!mail) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(`no mail to ${to} arrived; got ${received.map((m) => m.to).join(', ') || 'none'}`),
          );
        }, 15_000);
        if (!check()) waiters.add(wake);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text that contains `path`. */
export function linkIn(mail: { text: string }, path: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(path));
  if (!link) throw new Error(`no link with ${path} in: ${mail.text}`);
  return link;
}
