import { storage } from '../../../lib/storage';

const soundKey = 'oncall:sound';

export const isSoundOn = () => storage.get(soundKey) !== 'off';
export const setSoundOn = (on: boolean) => storage.set(soundKey, on ? 'on' : 'off');

let context: AudioContext | undefined;

/** Two short tones (Web Audio, no file to load). A tab the user never touched may not play: browsers allow sound after a gesture. */
export function playAlertSound() {
  if (!isSoundOn() || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 1175],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.16);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.17);
    }
  } catch {
    // No audio device or not allowed yet: the toast and the queue still show it.
  }
}
