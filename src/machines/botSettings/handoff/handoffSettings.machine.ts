import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { getHandoffSettings, saveHandoffSettings } from '../../../api/handoff';
import {
  DEFAULT_HANDOFF_SETTINGS,
  HANDOFF_LANGUAGES,
  type HandoffSettings,
  MAX_HANDOFF_MESSAGE_LENGTH,
  MAX_HANDOFF_PHRASES,
  MAX_PHRASE_LENGTH,
} from '../../../api/schemas/handoff';
import { describeError, notOffered } from '../../errors';
import { fromRequest } from '../../request';
import { raiseToast } from '../../system';

export interface HandoffSettingsContext {
  botId: string;
  /** As the server last answered them. */
  saved: HandoffSettings;
  /** What the user is editing; kept through a failed save. */
  draft: HandoffSettings;
  /** Why the draft cannot be saved, or why the last call failed. */
  error: MessageDescriptor | string | null;
}

export type HandoffSettingsEvent =
  /** The view's change of a part of the draft. */
  | { type: 'draft.changed'; patch: Partial<HandoffSettings> }
  | { type: 'draft.discarded' }
  | { type: 'save' }
  | { type: 'retry' };

export const handoffMessages = {
  saved: msg`Handoff settings saved`,
  tooManyPhrases: msg`Keep at most ${MAX_HANDOFF_PHRASES} phrases.`,
  phraseTooLong: msg`A phrase can have at most ${MAX_PHRASE_LENGTH} characters.`,
  messageTooLong: msg`A handoff message can have at most ${MAX_HANDOFF_MESSAGE_LENGTH} characters.`,
  noTimeZone: msg`Choose the time zone of your opening hours.`,
  badHours: msg`Each day closes after it opens.`,
};

const knownTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone !== '';
  } catch {
    return false;
  }
};

/** What keeps the draft from being saved, said as the user can fix it; null: it can be saved. */
export function draftProblem(draft: HandoffSettings): MessageDescriptor | null {
  if (draft.phrases.length > MAX_HANDOFF_PHRASES) return handoffMessages.tooManyPhrases;
  if (draft.phrases.some((p) => p.trim().length > MAX_PHRASE_LENGTH)) return handoffMessages.phraseTooLong;
  if (HANDOFF_LANGUAGES.some((l) => draft.message[l].length > MAX_HANDOFF_MESSAGE_LENGTH)) {
    return handoffMessages.messageTooLong;
  }
  if (draft.hours.enabled && !knownTimeZone(draft.hours.timeZone)) return handoffMessages.noTimeZone;
  if (draft.hours.week.some((d) => d !== null && !(d.open < d.close))) return handoffMessages.badHours;
  return null;
}

/** The draft as it is sent: phrases trimmed, blank and repeated ones dropped. */
export function toSave(draft: HandoffSettings): HandoffSettings {
  const phrases = [...new Set(draft.phrases.map((p) => p.trim()).filter(Boolean))];
  return { ...draft, phrases };
}

export const isDirty = (c: Pick<HandoffSettingsContext, 'saved' | 'draft'>) =>
  JSON.stringify(toSave(c.draft)) !== JSON.stringify(c.saved);

/**
 * A bot's handoff settings (beyond the spec), in the bot editor while a saved bot is open: read, edited as a
 * draft, checked and saved. A server without the calls (404, 405, 501) leaves it `notOffered`, asking nothing
 * more; the bot settings work as the spec has them.
 */
export const handoffSettingsMachine = setup({
  types: {
    context: {} as HandoffSettingsContext,
    events: {} as HandoffSettingsEvent,
    input: {} as { botId: string },
  },
  actors: {
    load: fromRequest<HandoffSettings, { botId: string }>(({ input, signal }) =>
      getHandoffSettings(input.botId, signal),
    ),
    save: fromRequest<HandoffSettings, { botId: string; settings: HandoffSettings }>(({ input, signal }) =>
      saveHandoffSettings(input.botId, input.settings, signal),
    ),
  },
  guards: {
    notOffered,
    hasProblem: ({ context }) => draftProblem(context.draft) !== null,
    dirty: ({ context }) => isDirty(context),
  },
  actions: {
    setLoaded: assign((_, params: { settings: HandoffSettings }) => ({
      saved: params.settings,
      draft: params.settings,
      error: null,
    })),
    patchDraft: assign({
      draft: ({ context, event }) =>
        event.type === 'draft.changed' ? { ...context.draft, ...event.patch } : context.draft,
      error: null,
    }),
    discard: assign({ draft: ({ context }) => context.saved, error: null }),
    sayProblem: assign({ error: ({ context }) => draftProblem(context.draft) }),
    setError: assign({ error: (_, params: { error: unknown }) => describeError(params.error) }),
    toastSaved: raiseToast({ variant: 'success', title: handoffMessages.saved }),
  },
}).createMachine({
  id: 'handoffSettings',
  context: ({ input }) => ({
    botId: input.botId,
    saved: DEFAULT_HANDOFF_SETTINGS,
    draft: DEFAULT_HANDOFF_SETTINGS,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ botId: context.botId }),
        onDone: {
          target: 'ready',
          actions: { type: 'setLoaded', params: ({ event }) => ({ settings: event.output }) },
        },
        onError: [
          { guard: 'notOffered', target: 'notOffered' },
          {
            target: 'failed',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: { tags: ['loadFailed'], on: { retry: 'loading' } },
    ready: {
      on: {
        'draft.changed': { actions: 'patchDraft' },
        'draft.discarded': { actions: 'discard' },
        save: [
          { guard: 'hasProblem', actions: 'sayProblem' },
          { guard: 'dirty', target: 'saving' },
        ],
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ botId: context.botId, settings: toSave(context.draft) }),
        onDone: {
          target: 'ready',
          actions: [{ type: 'setLoaded', params: ({ event }) => ({ settings: event.output }) }, 'toastSaved'],
        },
        onError: [
          { guard: 'notOffered', target: 'notOffered' },
          { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    notOffered: { tags: ['notOffered'] },
  },
});
