// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryStorage } from '../../../../tests/memoryStorage';
import { activateLocale } from '../../../i18n/i18n';
import { alertHandoff, readAlertPrefs, writeAlertPrefs } from './alerts';

installMemoryStorage();

const shown: Array<{ title: string; options?: NotificationOptions }> = [];
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn(async () => FakeNotification.permission);
  constructor(title: string, options?: NotificationOptions) {
    shown.push({ title, options });
  }
}
let visibility: DocumentVisibilityState = 'hidden';

beforeEach(async () => {
  await activateLocale('en', { persist: false });
  shown.length = 0;
  vi.stubGlobal('Notification', FakeNotification);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  FakeNotification.permission = 'granted';
  visibility = 'hidden';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('alerts when a conversation needs a person', () => {
  it('are off until the user turns them on, and remember the choice on this device', () => {
    expect(readAlertPrefs()).toEqual({ desktop: false, sound: false });
    alertHandoff('s-1', 'askedForPerson');
    expect(shown).toEqual([]);
    writeAlertPrefs({ desktop: true, sound: false });
    expect(readAlertPrefs()).toEqual({ desktop: true, sound: false });
  });

  it('notify with the reason, one notification per conversation, only while the tab is not in view', () => {
    writeAlertPrefs({ desktop: true, sound: false });
    alertHandoff('s-1', 'askedForPerson');
    expect(shown).toEqual([
      {
        title: 'A conversation needs a person',
        options: { body: 'The customer asked for a person.', tag: 'handoff-s-1' },
      },
    ]);
    visibility = 'visible';
    alertHandoff('s-2', 'noAnswer');
    expect(shown).toHaveLength(1);
  });

  it('never notify without the browser’s permission, and never ask for it themselves', () => {
    writeAlertPrefs({ desktop: true, sound: false });
    FakeNotification.permission = 'default';
    alertHandoff('s-1', 'askedForPerson');
    expect(shown).toEqual([]);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });
});
