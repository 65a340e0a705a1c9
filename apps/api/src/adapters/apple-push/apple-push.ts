/**
 * Issue 36: Apple's push for a wallet pass (APNs): an empty payload `{}` to a device's push token,
 * topic = the pass type id; the device then asks the PassKit web service for its changed passes.
 */
export type TApplePush = {
  kind: 'apns' | 'local';
  /** Sends one push; throws when Apple refuses it (the job tries again on its next run). */
  push(pushToken: string, topic: string): Promise<void>;
};
