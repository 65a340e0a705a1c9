/** Issue 35: a scan's answer felt as well as seen: a tone (WebAudio) and a vibration. */
let audio: AudioContext | undefined;

/** High and short for an entry, low and long (two buzzes) for a refusal. */
export function signal(ok: boolean): void {
  try {
    audio ??= new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = ok ? 'sine' : 'square';
    oscillator.frequency.value = ok ? 880 : 220;
    gain.gain.value = 0.2;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + (ok ? 0.15 : 0.5));
  } catch {
    // No sound on this device: the screen and the vibration remain.
  }
  navigator.vibrate?.(ok ? 120 : [300, 100, 300]);
}
