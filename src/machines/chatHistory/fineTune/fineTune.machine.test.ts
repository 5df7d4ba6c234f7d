import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { startFlow } from '../../../../tests/appSystem';
import { describeStateViews } from '../../../../tests/stateViews';
import { getSessionMessages } from '../../../api/chatSessions';
import type { ChatMessage, ChatSession } from '../../../api/schemas/chatSessions';
import {
  fineTuneModel,
  sampleBots,
  sampleInput,
  sampleMessages,
  sampleSession,
  sampleSessions,
} from '../../../demo/qa/flowModels/fineTune.flowModel';
import { activateLocale } from '../../../i18n/i18n';
import { type FineTuneFile, MIN_EXAMPLES } from './dataset';
import {
  FINE_TUNE_LOAD_CONCURRENCY,
  type FineTuneBot,
  type FineTuneInput,
  fineTuneMachine,
  MAX_FINE_TUNE_CONVERSATIONS,
  progressOf,
  sessionsOfSource,
} from './fineTune.machine';

vi.mock('../../../api/chatSessions', () => ({ getSessionMessages: vi.fn(), searchSessions: vi.fn() }));

beforeAll(() => activateLocale('en', { persist: false }));

type Snap = SnapshotFrom<typeof fineTuneMachine>;

/** Each call to the messages endpoint, settled by the test. */
interface Call {
  id: string;
  signal: AbortSignal | undefined;
  resolve: (messages: ChatMessage[]) => void;
  reject: (error: unknown) => void;
}
let calls: Call[] = [];
let inFlight = 0;
let maxInFlight = 0;

beforeEach(() => {
  calls = [];
  inFlight = 0;
  maxInFlight = 0;
  vi.mocked(getSessionMessages).mockImplementation(
    (id, signal) =>
      new Promise<ChatMessage[]>((resolve, reject) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const done = () => inFlight--;
        calls.push({
          id,
          signal,
          resolve: (m) => {
            done();
            resolve(m);
          },
          reject: (e) => {
            done();
            reject(e);
          },
        });
      }),
  );
});
afterEach(() => vi.restoreAllMocks());

const flush = () => new Promise((r) => setTimeout(r, 0));

/** Answers every waiting call (as a good conversation, or by `answer`) until none is left. */
async function answerAll(
  answer: (id: string) => ChatMessage[] | Error = (id) => sampleMessages(Number(id.slice(1))),
) {
  for (let guard = 0; guard < 100; guard++) {
    await flush();
    const open = calls.splice(0);
    if (open.length === 0) return;
    for (const call of open) {
      const a = answer(call.id);
      if (a instanceof Error) call.reject(a);
      else call.resolve(a);
    }
  }
}

function start(
  input: FineTuneInput = sampleInput,
  impl: { bots?: () => Promise<FineTuneBot[]>; starred?: () => Promise<ChatSession[]> } = {},
) {
  const listBots = vi.fn(impl.bots ?? (async () => sampleBots));
  const searchStarred = vi.fn(impl.starred ?? (async () => sampleSessions.filter((s) => s.isStarred)));
  const logDownloadError = vi.fn();
  const flow = startFlow(
    fineTuneMachine.provide({
      actors: {
        listBots: fromPromise(() => listBots()),
        searchStarred: fromPromise(() => searchStarred()),
      },
      actions: { logDownloadError },
    }),
    { input },
  );
  return { ...flow, listBots, searchStarred, logDownloadError };
}

/** Started with the bots loaded and the preview of the current list loaded in full. */
async function reviewed(input: FineTuneInput = sampleInput, answer?: Parameters<typeof answerAll>[0]) {
  const t = start(input);
  await flush();
  t.actor.send({ type: 'preview.requested' });
  await answerAll(answer);
  await flush();
  return t;
}

describe('fine-tune: choosing', () => {
  it('chooses the first bot once the bots load, and starts with the current list', async () => {
    const { snap, listBots } = start();
    expect(snap().hasTag('botsLoading')).toBe(true);
    expect(snap().can({ type: 'preview.requested' })).toBe(false);
    await flush();
    expect(listBots).toHaveBeenCalledTimes(1);
    expect(snap().context.botId).toBe('bot-ava');
    expect(snap().context.source).toBe('filter');
    expect(sessionsOfSource(snap().context)).toEqual(sampleSessions);
    expect(snap().can({ type: 'preview.requested' })).toBe(true);
  });

  it('says when the bots fail to load, and retries', async () => {
    let fail = true;
    const { actor, snap, listBots } = start(sampleInput, {
      bots: async () => {
        if (fail) throw new Error('Bots are down');
        return sampleBots;
      },
    });
    await flush();
    expect(snap().hasTag('botsFailed')).toBe(true);
    expect(snap().context.botsError).toBe('Bots are down');
    expect(snap().can({ type: 'preview.requested' })).toBe(false);
    fail = false;
    actor.send({ type: 'bots.retry' });
    await flush();
    expect(listBots).toHaveBeenCalledTimes(2);
    expect(snap().context.botId).toBe('bot-ava');
  });

  it('keeps hand-picked conversations when the screen lists others', async () => {
    const { actor, snap } = start();
    await flush();
    actor.send({ type: 'source.changed', source: 'picked' });
    expect(snap().can({ type: 'preview.requested' })).toBe(false);
    actor.send({ type: 'session.toggled', id: 's1' });
    actor.send({ type: 'session.toggled', id: 's2' });
    actor.send({ type: 'session.toggled', id: 's1' });
    expect(snap().context.picked.map((s) => s.id)).toEqual(['s2']);
    const other = sampleSession(42);
    actor.send({ type: 'scope.changed', scope: { phone: '42', filter: 1, sessions: [other] } });
    actor.send({ type: 'session.toggled', id: 's42' });
    expect(snap().context.picked.map((s) => s.id)).toEqual(['s2', 's42']);
    // A session in neither list cannot be picked.
    expect(snap().can({ type: 'session.toggled', id: 's7' })).toBe(false);
    // One still picked can be put back even though the list no longer shows it.
    actor.send({ type: 'session.toggled', id: 's2' });
    expect(snap().context.picked.map((s) => s.id)).toEqual(['s42']);
    actor.send({ type: 'picks.cleared' });
    expect(snap().context.picked).toEqual([]);
  });

  it('reads every starred conversation (hidden numbers left out), and retries a failed search', async () => {
    let fail = true;
    const starred = [sampleSession(1, { isStarred: true }), sampleSession(2, { fromNumber: '0@c.us' })];
    const { actor, snap, searchStarred } = start(sampleInput, {
      starred: async () => {
        if (fail) throw new Error('Search failed');
        return starred;
      },
    });
    await flush();
    actor.send({ type: 'source.changed', source: 'starred' });
    expect(snap().hasTag('starredLoading')).toBe(true);
    expect(snap().can({ type: 'preview.requested' })).toBe(false);
    await flush();
    expect(snap().hasTag('starredFailed')).toBe(true);
    expect(snap().context.starredError).toBe('Search failed');
    fail = false;
    actor.send({ type: 'starred.retry' });
    await flush();
    expect(searchStarred).toHaveBeenCalledTimes(2);
    expect(sessionsOfSource(snap().context).map((s) => s.id)).toEqual(['s1']);
    expect(snap().can({ type: 'preview.requested' })).toBe(true);
  });

  it(`refuses a preview of more than ${MAX_FINE_TUNE_CONVERSATIONS} conversations`, async () => {
    const many = Array.from({ length: MAX_FINE_TUNE_CONVERSATIONS + 1 }, (_, i) => sampleSession(i));
    const { snap } = start({ userId: null, scope: { phone: '', filter: 1, sessions: many } });
    await flush();
    expect(snap().can({ type: 'preview.requested' })).toBe(false);
  });
});

describe('fine-tune: loading and the preview', () => {
  it(`loads ${FINE_TUNE_LOAD_CONCURRENCY} conversations at a time, shows progress, then previews a usable dataset`, async () => {
    const { actor, snap } = start();
    await flush();
    actor.send({ type: 'preview.requested' });
    expect(snap().hasTag('loadingConversations')).toBe(true);
    await flush();
    expect(calls.map((c) => c.id)).toEqual(['s0', 's1', 's2', 's3']);
    calls.shift()?.resolve(sampleMessages(0));
    await flush();
    expect(progressOf(snap().context)).toEqual({ done: 1, total: MIN_EXAMPLES });
    expect(calls.map((c) => c.id)).toEqual(['s1', 's2', 's3', 's4']);
    await answerAll();
    await flush();
    expect(maxInFlight).toBe(FINE_TUNE_LOAD_CONCURRENCY);
    expect(snap().matches({ flow: { review: 'idle' } })).toBe(true);
    expect(snap().context.problems).toEqual([]);
    expect(snap().context.dataset?.examples).toHaveLength(MIN_EXAMPLES);
    expect(snap().context.dataset?.examples[0]?.messages[0]).toEqual({
      role: 'system',
      content: 'You are Ava, the shop assistant.',
    });
    expect(snap().can({ type: 'download.requested' })).toBe(true);
  });

  it('lists a failing conversation as its own problem, and a retry loads only that one', async () => {
    const { actor, snap } = await reviewed(sampleInput, (id) =>
      id === 's3' ? new Error('Internal server error') : sampleMessages(Number(id.slice(1))),
    );
    expect(snap().matches({ flow: 'review' })).toBe(true);
    expect(snap().context.loads.s3).toEqual({ status: 'failed', error: 'Internal server error' });
    expect(snap().context.problems).toEqual([
      { kind: 'loadFailed', count: 1 },
      { kind: 'tooFew', count: 9, missing: 1, min: MIN_EXAMPLES },
    ]);
    expect(snap().can({ type: 'download.requested' })).toBe(false);
    expect(snap().can({ type: 'conversation.retried', id: 's4' })).toBe(false);
    actor.send({ type: 'conversation.retried', id: 's3' });
    await flush();
    expect(calls.map((c) => c.id)).toEqual(['s3']);
    await answerAll();
    await flush();
    expect(snap().context.problems).toEqual([]);
    expect(snap().can({ type: 'download.requested' })).toBe(true);
  });

  it('when everything fails, nothing is lost: Retry failed loads them all again', async () => {
    const { actor, snap } = await reviewed(sampleInput, () => new Error('offline'));
    expect(snap().context.problems[0]).toEqual({ kind: 'loadFailed', count: MIN_EXAMPLES });
    actor.send({ type: 'failed.retried' });
    await flush();
    expect(calls).toHaveLength(FINE_TUNE_LOAD_CONCURRENCY);
    await answerAll();
    await flush();
    expect(snap().context.problems).toEqual([]);
  });

  it('leaves a conversation out and puts it back; fewer than ten says how many are missing', async () => {
    const { actor, snap } = await reviewed();
    actor.send({ type: 'conversation.excluded', id: 's0' });
    expect(snap().context.excluded).toEqual(['s0']);
    expect(snap().context.problems).toEqual([{ kind: 'tooFew', count: 9, missing: 1, min: MIN_EXAMPLES }]);
    expect(snap().can({ type: 'download.requested' })).toBe(false);
    expect(snap().can({ type: 'conversation.excluded', id: 's0' })).toBe(false);
    actor.send({ type: 'conversation.included', id: 's0' });
    expect(snap().context.problems).toEqual([]);
  });

  it('a conversation that cannot be an example blocks the file until it is left out', async () => {
    const input = {
      ...sampleInput,
      scope: { ...sampleInput.scope, sessions: [...sampleSessions, sampleSession(99)] },
    };
    const { actor, snap } = await reviewed(input, (id) =>
      id === 's99'
        ? [{ id: 'x', content: 'Anyone?', sender: 'user', sentAt: '2026-11-20T09:00:00.000Z' }]
        : sampleMessages(Number(id.slice(1))),
    );
    expect(snap().context.dataset?.entries.find((e) => e.id === 's99')?.issues).toEqual([
      { kind: 'noAssistantTurn', severity: 'error' },
    ]);
    expect(snap().context.problems).toEqual([{ kind: 'blockedConversations', count: 1 }]);
    actor.send({ type: 'conversation.excluded', id: 's99' });
    expect(snap().context.problems).toEqual([]);
  });

  it('another bot becomes every system message; a bot without a prompt is a problem', async () => {
    const bots = [...sampleBots, { id: 'bot-empty', name: 'Empty', prompt: ' ' }];
    const t = start(sampleInput, { bots: async () => bots });
    await flush();
    t.actor.send({ type: 'preview.requested' });
    await answerAll();
    await flush();
    t.actor.send({ type: 'bot.selected', id: 'bot-leo' });
    expect(
      t.snap().context.dataset?.examples.every((e) => e.messages[0]?.content.startsWith('You are Leo')),
    ).toBe(true);
    t.actor.send({ type: 'bot.selected', id: 'bot-empty' });
    expect(t.snap().context.problems).toEqual([{ kind: 'noPrompt' }]);
  });

  it('cancelling stops the calls in flight and keeps what loaded for the next preview', async () => {
    const { actor, snap } = start();
    await flush();
    actor.send({ type: 'preview.requested' });
    await flush();
    const first = calls.splice(0);
    first[0]?.resolve(sampleMessages(0));
    await flush();
    actor.send({ type: 'loading.cancelled' });
    expect(snap().matches({ flow: { choosing: 'ready' } })).toBe(true);
    expect(first.slice(1).every((c) => c.signal?.aborted)).toBe(true);
    // A late answer of a stopped load changes nothing.
    first[1]?.resolve(sampleMessages(1));
    await flush();
    expect(snap().context.loads.s1).toEqual({ status: 'pending' });
    // The stopped load started nothing after the cancel.
    expect(calls.filter((c) => !c.signal?.aborted)).toEqual([]);
    calls.splice(0);
    actor.send({ type: 'preview.requested' });
    await flush();
    expect(calls.map((c) => c.id)).not.toContain('s0');
    expect(calls).toHaveLength(FINE_TUNE_LOAD_CONCURRENCY);
    await answerAll();
    await flush();
    expect(snap().context.dataset?.examples).toHaveLength(MIN_EXAMPLES);
  });
});

describe('fine-tune: the download', () => {
  it('gives the view a finetune-{bot}-{time}.jsonl file whose lines read back as the examples', async () => {
    const { actor, snap } = await reviewed();
    const files: FineTuneFile[] = [];
    actor.on('download.file', ({ file }) => files.push(file));
    actor.send({ type: 'download.requested' });
    expect(files).toHaveLength(1);
    const file = files[0];
    expect(file?.name).toMatch(/^finetune-ava-\d{8}-\d{6}\.jsonl$/);
    const lines = (file?.content ?? '').split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(MIN_EXAMPLES);
    expect(lines[0]).toEqual({
      messages: [
        { role: 'system', content: 'You are Ava, the shop assistant.' },
        { role: 'user', content: 'Question 0' },
        { role: 'assistant', content: 'Answer 0' },
      ],
    });
    expect(snap().hasTag('downloaded')).toBe(true);
    expect(snap().context.downloadedFile).toBe(file?.name);
  });

  it('says when the browser refuses the file (as the view reports it), and lets the user try again', async () => {
    const { actor, snap, logDownloadError } = await reviewed();
    actor.send({ type: 'download.requested' });
    actor.send({ type: 'download.failed', error: new Error('blocked by policy') });
    expect(snap().hasTag('downloadFailed')).toBe(true);
    expect(logDownloadError).toHaveBeenCalledTimes(1);
    actor.send({ type: 'download.requested' });
    expect(snap().hasTag('downloaded')).toBe(true);
  });
});

const ids = (s: Snap, status: string) =>
  s.context.chosen.filter((c) => s.context.loads[c.id]?.status === status).map((c) => c.id);

describeStateViews(fineTuneModel, {
  '*': { enabled: ['scope.changed'] },
  bots: {},
  'bots.loading': {
    tags: ['botsLoading'],
    runs: { listBots: (input: { userId: string | null }) => expect(input).toEqual({ userId: 'user-owner' }) },
  },
  'bots.ready': { shows: (s: Snap) => expect(s.context.bots).toEqual(sampleBots) },
  'bots.failed': {
    tags: ['botsFailed'],
    enabled: ['bots.retry'],
    shows: (s: Snap) => expect(s.context.botsError).toBe('Internal server error'),
  },
  flow: {},
  'flow.choosing': {
    enabled: (s: Snap) => [
      'source.changed',
      // s0 is in the sample list; after the list shrank to two it still is.
      'session.toggled',
      ...(s.context.picked.length > 0 ? ['picks.cleared'] : []),
      ...(s.context.bots.length > 0 ? ['bot.selected'] : []),
    ],
  },
  'flow.choosing.ready': {
    enabled: (s: Snap) => {
      const count =
        s.context.source === 'filter'
          ? s.context.scope.sessions.length
          : s.context.source === 'starred'
            ? s.context.starred.length
            : s.context.picked.length;
      return s.context.botId !== null && count > 0 ? ['preview.requested'] : [];
    },
  },
  'flow.choosing.loadingStarred': { tags: ['starredLoading'], runs: { searchStarred: () => {} } },
  'flow.choosing.starredFailed': {
    tags: ['starredFailed'],
    enabled: ['starred.retry'],
    shows: (s: Snap) => expect(s.context.starredError).toBe('Internal server error'),
  },
  'flow.loading': {
    tags: ['loadingConversations'],
    enabled: (s: Snap) => [
      'loading.cancelled',
      ...(ids(s, 'pending').length > 0 ? ['conversation.loaded'] : []),
      ...(ids(s, 'pending').includes('s0') ? ['conversation.failed'] : []),
    ],
    runs: {
      // What it was started with: those still pending are among them.
      loadConversations: (input: { ids: string[] }, s: Snap) =>
        expect(input.ids).toEqual(expect.arrayContaining(ids(s, 'pending'))),
    },
    // It stays only while some conversation has not settled.
    shows: (s: Snap) => expect(ids(s, 'pending').length).toBeGreaterThan(0),
  },
  'flow.review': {
    enabled: (s: Snap) => {
      const c = s.context;
      const s0 = c.chosen.some((x) => x.id === 's0');
      const out = s0 && !c.excluded.includes('s0');
      const failed = ids(s, 'failed').filter((id) => !c.excluded.includes(id));
      const examples = ids(s, 'loaded').filter((id) => !c.excluded.includes(id)).length;
      return [
        'bot.selected',
        'selection.edit',
        'download.done',
        'download.failed',
        ...(out ? ['conversation.excluded'] : []),
        ...(c.excluded.includes('s0') ? ['conversation.included'] : []),
        ...(s0 && c.loads.s0?.status === 'failed' ? ['conversation.retried'] : []),
        ...(failed.length > 0 ? ['failed.retried'] : []),
        ...(failed.length === 0 && examples >= MIN_EXAMPLES ? ['download.requested'] : []),
      ];
    },
    shows: (s: Snap) => {
      const c = s.context;
      const included = c.chosen.filter((x) => !c.excluded.includes(x.id));
      const loaded = included.filter((x) => c.loads[x.id]?.status === 'loaded').length;
      expect(c.dataset?.examples).toHaveLength(loaded);
      if (loaded < MIN_EXAMPLES)
        expect(c.problems).toContainEqual({
          kind: 'tooFew',
          count: loaded,
          missing: MIN_EXAMPLES - loaded,
          min: 10,
        });
      expect(ids(s, 'pending')).toEqual([]);
    },
  },
  'flow.review.idle': {},
  'flow.review.downloaded': {
    tags: ['downloaded'],
    shows: (s: Snap) => expect(s.context.downloadedFile).toBe('finetune-ava-20261120-090000.jsonl'),
  },
  'flow.review.failed': {
    tags: ['downloadFailed'],
    shows: (s: Snap) => expect(s.context.downloadedFile).toBeNull(),
  },
});
