/**
 * The new-order sound: a short two-tone beep from the Web Audio API (no audio file to load). Browsers
 * let a page make sound only after a user gesture, so the audio context is created when the operator
 * turns the sound on (a click), and reused after.
 */
type TAudioWindow = Window & { webkitAudioContext?: typeof AudioContext };

let context: AudioContext | null = null;

/** Creates (or resumes) the audio context: call it from a click. False when the browser has no Web Audio. */
export function enableSound(): boolean {
  const Ctor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as TAudioWindow).webkitAudioContext);
  if (!Ctor) return false;
  context ??= new Ctor();
  void context.resume().catch(() => undefined);
  return true;
}

/** Plays the beep when the sound has been enabled; silently nothing otherwise. */
export function beep(): void {
  const ctx = context;
  if (!ctx || ctx.state === 'closed') return;
  const start = ctx.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1175],
  ] as const) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.16);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.17);
  }
}
