import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { startInAppSystem, stopStandIns } from '../../../../tests/appSystem';
import { describeStateViews } from '../../../../tests/stateViews';
import { ApiError } from '../../../api/errors';
import type { SavedReply } from '../../../api/schemas/savedReplies';
import { savedRepliesModel, thanksReply } from '../../../demo/qa/flowModels/savedReplies.flowModel';
import {
  editorProblem,
  type SavedReplyDraft,
  savedRepliesMachine,
  savedReplyMessages,
} from './savedReplies.machine';

type Snap = SnapshotFrom<typeof savedRepliesMachine>;
const TEN_SECONDS = { timeout: 10_000 };
const taken = new ApiError({
  kind: 'http',
  status: 409,
  endpoint: 'POST',
  message: 'Another saved reply has this shortcut',
});
const notThere = new ApiError({ kind: 'http', status: 404, endpoint: 'GET', message: 'Not Found' });

afterEach(() => stopStandIns());

function start(
  over: { list?: () => Promise<SavedReply[]>; save?: (d: SavedReplyDraft) => Promise<SavedReply> } = {},
) {
  const list = vi.fn(over.list ?? (async () => [thanksReply]));
  const save = vi.fn(
    over.save ??
      (async (d: SavedReplyDraft) => ({ id: d.id ?? 'reply-new', shortcut: d.shortcut, text: d.text })),
  );
  const remove = vi.fn(async (_id: string): Promise<unknown> => ({ success: true }));
  const { actor } = startInAppSystem(
    savedRepliesMachine.provide({
      actors: {
        list: fromPromise(() => list()),
        save: fromPromise(({ input }: { input: SavedReplyDraft }) => save(input)),
        remove: fromPromise(({ input }: { input: { id: string } }) => remove(input.id)),
      },
    }),
  );
  // Waits until the flow is where `done` says, with a ceiling only a hang reaches.
  const until = (done: (s: Snap) => boolean) => waitFor(actor, done, TEN_SECONDS);
  return { actor, list, save, remove, until, snap: () => actor.getSnapshot() };
}

describe('saved replies', () => {
  it('adds one, changes one and deletes one; the list follows each answer', async () => {
    const r = start();
    await r.until((s) => s.matches('ready'));
    r.actor.send({ type: 'reply.new' });
    r.actor.send({ type: 'editor.changed', patch: { shortcut: ' eta ', text: 'It arrives within 2 days.' } });
    r.actor.send({ type: 'editor.save' });
    await r.until((s) => s.matches('ready'));
    expect(r.save).toHaveBeenCalledWith({ id: null, shortcut: ' eta ', text: 'It arrives within 2 days.' });
    expect(r.snap().context.replies.map((x) => x.id)).toEqual([thanksReply.id, 'reply-new']);
    expect(r.snap().context.editing).toBeNull();
    r.actor.send({ type: 'reply.edit', id: thanksReply.id });
    r.actor.send({ type: 'editor.changed', patch: { text: 'Thanks a lot!' } });
    r.actor.send({ type: 'editor.save' });
    await r.until((s) => s.matches('ready'));
    expect(r.snap().context.replies[0]).toEqual({ ...thanksReply, text: 'Thanks a lot!' });
    // A reply the list does not have is neither opened nor deleted.
    r.actor.send({ type: 'reply.edit', id: 'reply-unknown' });
    expect(r.snap().context.editing).toBeNull();
    r.actor.send({ type: 'reply.delete', id: 'reply-unknown' });
    expect(r.snap().value).toBe('ready');
    r.actor.send({ type: 'reply.delete', id: 'reply-new' });
    await r.until((s) => s.matches('ready'));
    expect(r.remove).toHaveBeenCalledWith('reply-new');
    expect(r.snap().context.replies.map((x) => x.id)).toEqual([thanksReply.id]);
  });

  it('says what to fix before a call, and keeps the editor open with what was typed when a save is refused', async () => {
    const r = start({ save: async () => Promise.reject(taken) });
    await r.until((s) => s.matches('ready'));
    r.actor.send({ type: 'reply.new' });
    r.actor.send({ type: 'editor.changed', patch: { shortcut: 'two words', text: 'Hi' } });
    r.actor.send({ type: 'editor.save' });
    expect(r.snap().context.error).toBe(savedReplyMessages.shortcutNeeded);
    expect(r.save).not.toHaveBeenCalled();
    r.actor.send({ type: 'editor.changed', patch: { shortcut: 'thanks' } });
    r.actor.send({ type: 'editor.save' });
    await r.until((s) => s.matches('ready'));
    expect(r.snap().context.error).toBe('Another saved reply has this shortcut');
    expect(r.snap().context.editing).toEqual({ id: null, shortcut: 'thanks', text: 'Hi' });
  });

  it('on a server without them, is not offered and asks nothing more', async () => {
    const r = start({ list: async () => Promise.reject(notThere) });
    await r.until((s) => s.hasTag('notOffered'));
    expect(r.snap().hasTag('notOffered')).toBe(true);
    expect(r.snap().can({ type: 'reply.new' })).toBe(false);
  });

  it('knows a shortcut is one word and a reply is not empty', () => {
    const d = (shortcut: string, text = 'x') => ({ id: null, shortcut, text });
    expect(editorProblem(d('refund'))).toBeNull();
    expect(editorProblem(d('退款'))).toBeNull();
    expect(editorProblem(d(''))).toBe(savedReplyMessages.shortcutNeeded);
    expect(editorProblem(d('a/b'))).toBe(savedReplyMessages.shortcutNeeded);
    expect(editorProblem(d('x'.repeat(30)))).toBeNull();
    expect(editorProblem(d('x'.repeat(31)))).toBe(savedReplyMessages.shortcutTooLong);
    expect(editorProblem(d('ok', '  '))).toBe(savedReplyMessages.textNeeded);
    expect(editorProblem(d('ok', ` ${'x'.repeat(1000)} `))).toBeNull();
    expect(editorProblem(d('ok', 'x'.repeat(1001)))).toBe(savedReplyMessages.textTooLong);
    // Each says what to fix.
    for (const message of Object.values(savedReplyMessages)) expect(message.message).toMatch(/\w/);
  });
});

describeStateViews(savedRepliesModel, {
  '*': { shows: (s: Snap) => expect(s.context.replies.every((r) => r.shortcut !== '')).toBe(true) },
  loading: { runs: { list: () => {} } },
  failed: { tags: ['loadFailed'], enabled: ['retry'] },
  ready: {
    enabled: (s: Snap) => [
      'reply.new',
      'editor.cancel',
      ...(s.context.replies.length > 0 ? ['reply.edit', 'reply.delete'] : []),
      ...(s.context.editing ? ['editor.changed', 'editor.save'] : []),
    ],
  },
  saving: { tags: ['busy'], runs: { save: () => {} } },
  deleting: { tags: ['busy'], runs: { remove: () => {} } },
  notOffered: { tags: ['notOffered'] },
});
