type TQrModule = typeof import('qrcode');
let qrModule: Promise<TQrModule> | null = null;

/** The QR drawing code, fetched only by a page that shows a rotating ticket (in no first bundle). */
export function loadQr(): Promise<TQrModule> {
  qrModule ??= import('qrcode').then((m) => ((m as { default?: TQrModule }).default ?? m) as TQrModule);
  return qrModule;
}
