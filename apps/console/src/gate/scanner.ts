/**
 * Issue 35: the phone's camera read for QR codes. The browser's own BarcodeDetector when it has one
 * (Android's Chrome); else the `barcode-detector` ponyfill (ZXing-C++ in WebAssembly), loaded only
 * then, its .wasm served from our own origin (Vite copies it into the console's hashed assets: the
 * CSP allows no other origin).
 */

type TDetector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };

type TNative = { new (o: object): TDetector; getSupportedFormats(): Promise<string[]> };
const native = () => (globalThis as { BarcodeDetector?: TNative }).BarcodeDetector;

let ponyfill: Promise<TNative> | undefined;
/** The ZXing ponyfill, its code and .wasm fetched once (and so kept by the service worker). */
function loadPonyfill(): Promise<TNative> {
  ponyfill ??= (async () => {
    const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
      import('barcode-detector/ponyfill'),
      import('zxing-wasm/reader/zxing_reader.wasm?url'),
    ]);
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
      },
      fireImmediately: true,
    });
    return BarcodeDetector as unknown as TNative;
  })().catch((error: unknown) => {
    ponyfill = undefined;
    throw error;
  });
  return ponyfill;
}

async function usesNative(): Promise<boolean> {
  const found = native();
  return !!found && (await found.getSupportedFormats()).includes('qr_code');
}

async function makeDetector(): Promise<TDetector> {
  if (await usesNative()) return new (native()!)({ formats: ['qr_code'] });
  return new (await loadPonyfill())({ formats: ['qr_code'] });
}

/**
 * Loads the reader while the network is there (the list's download calls it), so a scanner opened
 * offline later has it.
 */
export async function preloadScanner(): Promise<void> {
  if (!(await usesNative())) await loadPonyfill();
}

export type TScanner = { stop(): void; pause(paused: boolean): void; reset(): void };

/**
 * Films with the back camera into `video` and calls `onCode` with each QR text read (the same text
 * is not repeated within `quietMs`). Throws when the camera is refused or absent.
 */
export async function startScanner(
  video: HTMLVideoElement,
  onCode: (text: string) => void,
  quietMs = 2_500,
): Promise<TScanner> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment', width: { ideal: 1280 } },
    audio: false,
  });
  let detector: TDetector;
  try {
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    await video.play();
    detector = await makeDetector();
  } catch (error) {
    // No camera left held open by a scanner that could not start.
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
    throw error;
  }
  let stopped = false;
  let paused = false;
  let last = { text: '', at: 0 };
  const tick = async () => {
    if (stopped) return;
    try {
      if (!paused && video.readyState >= 2) {
        for (const { rawValue } of await detector.detect(video)) {
          const now = performance.now();
          if (rawValue === last.text && now - last.at < quietMs) {
            last.at = now;
            continue;
          }
          last = { text: rawValue, at: now };
          onCode(rawValue);
          break;
        }
      }
    } catch {
      // A frame the detector could not read: the next one.
    }
    if (!stopped) setTimeout(tick, 120);
  };
  void tick();
  return {
    pause(value) {
      paused = value;
    },
    reset() {
      last = { text: '', at: 0 };
    },
    stop() {
      stopped = true;
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    },
  };
}
