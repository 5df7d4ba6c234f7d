import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { recordToasts, stopStandIns } from '../../../../tests/appSystem';
import { describeStateViews } from '../../../../tests/stateViews';
import { ApiError } from '../../../api/errors';
import { DEFAULT_HANDOFF_SETTINGS, type HandoffSettings } from '../../../api/schemas/handoff';
import { handoffSettingsModel, savedHandoff } from '../../../demo/qa/flowModels/handoffSettings.flowModel';
import {
  draftProblem,
  handoffMessages,
  handoffSettingsMachine,
  isDirty,
  toSave,
} from './handoffSettings.machine';

type Snap = SnapshotFrom<typeof handoffSettingsMachine>;
/** Waits until the flow is where `done` says, with a ceiling only a hang reaches. */
const TEN_SECONDS = { timeout: 10_000 };
const failure = new ApiError({ kind: 'http', status: 500, endpoint: 'PUT handoff', message: 'Server down' });
const notThere = new ApiError({ kind: 'http', status: 404, endpoint: 'GET handoff', message: 'Not Found' });

afterEach(() => stopStandIns());

function start(
  over: {
    load?: () => Promise<HandoffSettings>;
    save?: (s: HandoffSettings) => Promise<HandoffSettings>;
  } = {},
) {
  const toasts = vi.fn();
  const app = recordToasts(toasts);
  const load = vi.fn(over.load ?? (async () => DEFAULT_HANDOFF_SETTINGS));
  const save = vi.fn(over.save ?? (async (s: HandoffSettings) => s));
  const actor = app.run(
    handoffSettingsMachine.provide({
      actors: {
        load: fromPromise(() => load()),
        save: fromPromise(({ input }: { input: { botId: string; settings: HandoffSettings } }) =>
          save(input.settings),
        ),
      },
    }),
    { input: { botId: 'bot-1' } },
  );
  const until = (done: (s: Snap) => boolean) => waitFor(actor, done, TEN_SECONDS);
  return { actor, toasts, load, save, until, snap: () => actor.getSnapshot() };
}

describe('handoff settings', () => {
  it('loads, edits a draft, and saves it trimmed, with a toast; the saved settings are the new start', async () => {
    const h = start();
    await h.until((s) => s.matches('ready'));
    expect(h.snap().value).toBe('ready');
    h.actor.send({ type: 'draft.changed', patch: { phrases: ['  manager ', '', 'manager', 'boss'] } });
    expect(isDirty(h.snap().context)).toBe(true);
    h.actor.send({ type: 'save' });
    expect(h.snap().hasTag('saving')).toBe(true);
    await h.until((s) => !s.hasTag('saving'));
    expect(h.save).toHaveBeenCalledWith({ ...DEFAULT_HANDOFF_SETTINGS, phrases: ['manager', 'boss'] });
    expect(h.snap().context.saved.phrases).toEqual(['manager', 'boss']);
    expect(isDirty(h.snap().context)).toBe(false);
    expect(h.toasts).toHaveBeenCalledWith(expect.objectContaining({ title: handoffMessages.saved }));
    // Nothing changed: nothing is sent.
    h.actor.send({ type: 'save' });
    expect(h.snap().value).toBe('ready');
    expect(h.save).toHaveBeenCalledTimes(1);
  });

  it('refuses hours without a time zone, and says why, without a call', async () => {
    const h = start();
    await h.until((s) => s.matches('ready'));
    h.actor.send({
      type: 'draft.changed',
      patch: { hours: { ...DEFAULT_HANDOFF_SETTINGS.hours, enabled: true, timeZone: '' } },
    });
    h.actor.send({ type: 'save' });
    expect(h.snap().context.error).toEqual(handoffMessages.noTimeZone);
    expect(h.save).not.toHaveBeenCalled();
    // Changing the draft clears what was said.
    h.actor.send({ type: 'draft.changed', patch: savedHandoff });
    expect(h.snap().context.error).toBeNull();
  });

  it('keeps the draft through a failed save, and discards it back to the saved settings on request', async () => {
    const h = start({ save: async () => Promise.reject(failure) });
    await h.until((s) => s.matches('ready'));
    h.actor.send({ type: 'draft.changed', patch: { noAnswerLimit: 5 } });
    h.actor.send({ type: 'save' });
    await h.until((s) => !s.hasTag('saving'));
    expect(h.snap().value).toBe('ready');
    expect(h.snap().context.error).toBe('Server down');
    expect(h.snap().context.draft.noAnswerLimit).toBe(5);
    h.actor.send({ type: 'draft.discarded' });
    expect(h.snap().context.draft).toEqual(DEFAULT_HANDOFF_SETTINGS);
    expect(h.toasts).not.toHaveBeenCalled();
  });

  it('on a server without the calls is not offered, quietly', async () => {
    const h = start({ load: async () => Promise.reject(notThere) });
    await h.until((s) => s.hasTag('notOffered'));
    expect(h.snap().hasTag('notOffered')).toBe(true);
    expect(h.toasts).not.toHaveBeenCalled();
  });

  it('knows what keeps a draft from being saved', () => {
    const d = DEFAULT_HANDOFF_SETTINGS;
    expect(draftProblem(d)).toBeNull();
    expect(draftProblem({ ...d, phrases: Array.from({ length: 31 }, (_, i) => `p${i}`) })).toBe(
      handoffMessages.tooManyPhrases,
    );
    expect(draftProblem({ ...d, phrases: ['x'.repeat(61)] })).toBe(handoffMessages.phraseTooLong);
    expect(draftProblem({ ...d, message: { ...d.message, en: 'x'.repeat(501) } })).toBe(
      handoffMessages.messageTooLong,
    );
    const hours = { ...d.hours, enabled: true, timeZone: 'Asia/Hong_Kong' };
    expect(draftProblem({ ...d, hours })).toBeNull();
    expect(draftProblem({ ...d, hours: { ...hours, timeZone: 'Mars/Olympus' } })).toBe(
      handoffMessages.noTimeZone,
    );
    const week = [{ open: '18:00', close: '09:00' }, ...hours.week.slice(1)];
    expect(draftProblem({ ...d, hours: { ...hours, week } })).toBe(handoffMessages.badHours);
    expect(toSave({ ...d, phrases: [' a ', 'a', ' '] }).phrases).toEqual(['a']);
  });
});

describeStateViews(handoffSettingsModel, {
  '*': {
    // The draft always has a week of seven days and a message for each language.
    shows: (s: Snap) => {
      expect(s.context.draft.hours.week).toHaveLength(7);
      expect(Object.keys(s.context.draft.message).sort()).toEqual(['en', 'zh-CN', 'zh-TW']);
    },
  },
  loading: {
    tags: ['loading'],
    runs: { load: (input: { botId: string }) => expect(input.botId).toBe('bot-ava') },
  },
  failed: { tags: ['loadFailed'], enabled: ['retry'] },
  ready: {
    enabled: (s: Snap) => [
      'draft.changed',
      'draft.discarded',
      ...(draftProblem(s.context.draft) !== null || isDirty(s.context) ? ['save'] : []),
    ],
  },
  saving: { tags: ['saving'], runs: { save: () => {} } },
  notOffered: { tags: ['notOffered'] },
});
