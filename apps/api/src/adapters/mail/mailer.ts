/** One e-mail, already rendered. */
export type TMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** `<id@domain>`, stable per outbox message so a resend after a crash is the same message. */
  messageId?: string;
};

/** Sends e-mail: over SMTP in production, into a table locally. */
export type TMailer = {
  kind: 'smtp' | 'local-outbox';
  send(mail: TMail): Promise<void>;
};
