/**
 * The new-assignment alert: a short two-tone beep made with Web Audio (no sound file to fetch, so it
 * works offline) and a vibration where the phone supports it. Browsers only let a page play sound
 * after the person touched it: the AudioContext is created on the first tap and reused.
 */
let context: AudioContext | null = null;

export function unlockAlertSound(): void {
  if (context || typeof window === 'undefined') return;
  const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return;
  try {
    context = new Ctor();
  } catch {
    context = null;
  }
}

export function playNewAssignmentAlert(): void {
  try {
    navigator.vibrate?.([200, 100, 200]);
  } catch {
    // Vibration is a nicety: some browsers throw instead of ignoring it.
  }
  if (!context) return;
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.22, 1175],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.2);
  }
}
