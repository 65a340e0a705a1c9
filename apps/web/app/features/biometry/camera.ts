/**
 * The camera side of the capture: ask for the front camera, and take JPEG frames from the live
 * video through a canvas, at most 640 px wide (what the server's check needs, well under the
 * create call's size limit). Nothing here judges the face: the server does (never trust the browser).
 */

export type TCameraProblem = 'denied' | 'missing' | 'failed';

export async function openCamera(): Promise<MediaStream | TCameraProblem> {
  if (!navigator.mediaDevices?.getUserMedia) return 'missing';
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
    });
  } catch (error) {
    const name = (error as DOMException)?.name;
    if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
    if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
      return 'missing';
    return 'failed';
  }
}

export function stopCamera(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export const FRAME_MAX_WIDTH = 640;

/** One frame of the video as base64 JPEG (no data: prefix), scaled to ≤ 640 px wide. */
export function grabFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement, quality = 0.85): string | null {
  const { videoWidth, videoHeight } = video;
  if (!videoWidth || !videoHeight) return null;
  const scale = Math.min(1, FRAME_MAX_WIDTH / videoWidth);
  canvas.width = Math.round(videoWidth * scale);
  canvas.height = Math.round(videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const url = canvas.toDataURL('image/jpeg', quality);
  const comma = url.indexOf(',');
  return comma > 0 ? url.slice(comma + 1) : null;
}

/**
 * When each frame of the "move closer" challenge is taken, in ms after the start: the first with
 * the face far (in the oval), the rest while the person brings it closer, the last 3 s in, when the
 * face fills the oval. `count` is clamped to what the server asked for.
 */
export function captureSchedule(frames: { min: number; max: number }, durationMs = 3000): number[] {
  const count = Math.max(frames.min, Math.min(frames.max, 5));
  const approachStart = 1200;
  return Array.from({ length: count }, (_, i) =>
    i === 0
      ? 0
      : count === 2
        ? durationMs
        : Math.round(approachStart + ((durationMs - approachStart) * (i - 1)) / (count - 2)),
  );
}
