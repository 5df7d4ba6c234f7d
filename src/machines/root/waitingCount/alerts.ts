import { msg } from '@lingui/core/macro';
import type { HandoffReason } from '../../../api/schemas/handling';
import { i18n } from '../../../i18n/i18n';

/*
 * Alerts on this device when a conversation starts waiting for a person (beyond the spec): a desktop
 * notification, only while the app's tab is not in view and only once the browser has allowed it (asked from
 * a button, never on load), and a short chime. Each is the user's choice, kept on this device.
 */

export interface AlertPrefs {
  desktop: boolean;
  sound: boolean;
}

const KEY = 'influx-handoff-alerts';
const OFF: AlertPrefs = { desktop: false, sound: false };

export function readAlertPrefs(): AlertPrefs {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<AlertPrefs> | null;
    return { desktop: stored?.desktop === true, sound: stored?.sound === true };
  } catch {
    return OFF;
  }
}

export function writeAlertPrefs(prefs: AlertPrefs): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // No storage here: the choice lasts as long as the page.
  }
}

/** What this browser says of desktop notifications: not offered at all, or its permission. */
export const notificationPermission = (): NotificationPermission | 'unsupported' =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** Asks the browser for permission (only from the user's click). */
export async function askNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

const REASONS: Record<string, ReturnType<typeof msg>> = {
  askedForPerson: msg`The customer asked for a person.`,
  noAnswer: msg`The bot had no answer.`,
  negativeMood: msg`The customer sounds unhappy.`,
  outsideHours: msg`It came outside opening hours.`,
};

/** A short two-note chime (no file to load); a browser that cannot play it stays silent. */
function chime(): void {
  try {
    const context = new AudioContext();
    const at = context.currentTime;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.5);
    gain.connect(context.destination);
    const tones = [880, 1320].map((frequency, i) => {
      const tone = context.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(at + i * 0.15);
      tone.stop(at + 0.5);
      return tone;
    });
    // Both tones end together: then the audio device is let go.
    tones[1]?.addEventListener('ended', () => void context.close());
  } catch {
    // No audio here.
  }
}

/** Alerts the user, as they chose, that a conversation now waits for a person. */
export function alertHandoff(sessionId: string, reason: HandoffReason | 'other'): void {
  const prefs = readAlertPrefs();
  if (prefs.sound) chime();
  if (!prefs.desktop || notificationPermission() !== 'granted' || document.visibilityState === 'visible')
    return;
  const why = REASONS[reason];
  try {
    // One notification per conversation: another tab's, or a second hand-off, replaces it.
    new Notification(i18n._(msg`A conversation needs a person`), {
      body: why ? i18n._(why) : undefined,
      tag: `handoff-${sessionId}`,
    });
  } catch {
    // Some browsers allow notifications only from a service worker: the count in the title still tells.
  }
}
