/** Sends a text message to an E.164 number (+5511987654321). */
export type TSmsSender = {
  kind: 'local-outbox' | 'twilio';
  send(to: string, body: string): Promise<void>;
};
