import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import {
  createSavedReply,
  deleteSavedReply,
  listSavedReplies,
  updateSavedReply,
} from '../../../api/savedReplies';
import {
  MAX_SAVED_REPLY_LENGTH,
  MAX_SHORTCUT_LENGTH,
  type SavedReply,
  type SavedReplyBody,
} from '../../../api/schemas/savedReplies';
import { describeError, notOffered } from '../../errors';
import { withItem } from '../../lists';
import { fromRequest } from '../../request';

/** The reply being written or changed in the list's editor (id null: a new one). */
export interface SavedReplyDraft {
  id: string | null;
  shortcut: string;
  text: string;
}

export interface SavedRepliesContext {
  replies: SavedReply[];
  editing: SavedReplyDraft | null;
  /** The reply being deleted. */
  deleting: string | null;
  /** Why the editor's reply cannot be saved, or why the last change failed. */
  error: MessageDescriptor | string | null;
}

export type SavedRepliesEvent =
  | { type: 'reply.new' }
  | { type: 'reply.edit'; id: string }
  | { type: 'editor.changed'; patch: Partial<Omit<SavedReplyDraft, 'id'>> }
  | { type: 'editor.cancel' }
  | { type: 'editor.save' }
  | { type: 'reply.delete'; id: string }
  | { type: 'retry' };

export const savedReplyMessages = {
  shortcutNeeded: msg`Give the reply a shortcut of one word, without spaces or “/”.`,
  shortcutTooLong: msg`A shortcut can have at most ${MAX_SHORTCUT_LENGTH} characters.`,
  textNeeded: msg`Write the reply.`,
  textTooLong: msg`A saved reply can have at most ${MAX_SAVED_REPLY_LENGTH} characters.`,
};

/** What keeps the editor's reply from being saved; null: it can be. */
export function editorProblem(draft: SavedReplyDraft): MessageDescriptor | null {
  const shortcut = draft.shortcut.trim();
  if (!shortcut || /[\s/]/.test(shortcut)) return savedReplyMessages.shortcutNeeded;
  if (shortcut.length > MAX_SHORTCUT_LENGTH) return savedReplyMessages.shortcutTooLong;
  if (!draft.text.trim()) return savedReplyMessages.textNeeded;
  if (draft.text.trim().length > MAX_SAVED_REPLY_LENGTH) return savedReplyMessages.textTooLong;
  return null;
}

const bodyOf = (draft: SavedReplyDraft): SavedReplyBody => ({
  shortcut: draft.shortcut.trim(),
  text: draft.text.trim(),
});

/**
 * The team's saved replies (beyond the spec), for the chat history while it is open: the reply box inserts
 * them by "/" and their shortcut; the list adds, changes and deletes them. A server without the calls leaves
 * it `notOffered`: the reply box works without them, and nothing says so but the missing list.
 */
export const savedRepliesMachine = setup({
  types: { context: {} as SavedRepliesContext, events: {} as SavedRepliesEvent },
  actors: {
    list: fromRequest<SavedReply[], undefined>(({ signal }) => listSavedReplies(signal)),
    save: fromRequest<SavedReply, SavedReplyDraft>(({ input, signal }) =>
      input.id === null
        ? createSavedReply(bodyOf(input), signal)
        : updateSavedReply(input.id, bodyOf(input), signal),
    ),
    remove: fromRequest<unknown, { id: string }>(({ input, signal }) => deleteSavedReply(input.id, signal)),
  },
  guards: {
    notOffered,
    editorHasProblem: ({ context }) => context.editing !== null && editorProblem(context.editing) !== null,
    isEditing: ({ context }) => context.editing !== null,
    known: ({ context, event }) =>
      (event.type === 'reply.edit' || event.type === 'reply.delete') &&
      context.replies.some((r) => r.id === event.id),
  },
  actions: {
    setReplies: assign({ replies: (_, params: { replies: SavedReply[] }) => params.replies, error: null }),
    openNew: assign({ editing: { id: null, shortcut: '', text: '' }, error: null }),
    openEdit: assign(({ context, event }) => {
      const reply = event.type === 'reply.edit' ? context.replies.find((r) => r.id === event.id) : undefined;
      return { editing: reply ? { ...reply } : null, error: null };
    }),
    patchEditor: assign(({ context, event }) => ({
      editing:
        event.type === 'editor.changed' && context.editing
          ? { ...context.editing, ...event.patch }
          : context.editing,
      error: null,
    })),
    closeEditor: assign({ editing: null, error: null }),
    sayProblem: assign({ error: ({ context }) => (context.editing ? editorProblem(context.editing) : null) }),
    keep: assign(({ context }, params: { reply: SavedReply }) => ({
      replies: withItem(context.replies, params.reply),
      editing: null,
      error: null,
    })),
    markDeleting: assign({ deleting: ({ event }) => (event.type === 'reply.delete' ? event.id : null) }),
    drop: assign(({ context }) => ({
      replies: context.replies.filter((r) => r.id !== context.deleting),
      deleting: null,
      error: null,
    })),
    setError: assign({ error: (_, params: { error: unknown }) => describeError(params.error) }),
  },
}).createMachine({
  id: 'savedReplies',
  context: { replies: [], editing: null, deleting: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'list',
        src: 'list',
        onDone: {
          target: 'ready',
          actions: { type: 'setReplies', params: ({ event }) => ({ replies: event.output }) },
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
        'reply.new': { actions: 'openNew' },
        'reply.edit': { guard: 'known', actions: 'openEdit' },
        'editor.changed': { guard: 'isEditing', actions: 'patchEditor' },
        'editor.cancel': { actions: 'closeEditor' },
        'editor.save': [
          { guard: 'editorHasProblem', actions: 'sayProblem' },
          { guard: 'isEditing', target: 'saving' },
        ],
        'reply.delete': { guard: 'known', target: 'deleting', actions: 'markDeleting' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.editing ?? { id: null, shortcut: '', text: '' },
        onDone: {
          target: 'ready',
          actions: { type: 'keep', params: ({ event }) => ({ reply: event.output }) },
        },
        // The editor stays open with what was typed.
        onError: [
          { guard: 'notOffered', target: 'notOffered' },
          { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ id: context.deleting ?? '' }),
        onDone: { target: 'ready', actions: 'drop' },
        onError: [
          { guard: 'notOffered', target: 'notOffered' },
          {
            target: 'ready',
            actions: [
              assign({ deleting: null }),
              { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    notOffered: { tags: ['notOffered'] },
  },
});
