import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type ActorRefFrom,
  type EventObject,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type SnapshotFrom,
} from 'xstate';
import { loadLazyFlows, startFlow } from '../../../tests/appSystem';
import { describeStateViews } from '../../../tests/stateViews';
import {
  type ChatAnalysis,
  type ChatMessage,
  type ChatSession,
  SessionFilter,
  type StarResult,
} from '../../api/schemas/chatSessions';
import type { Handling, PauseMinutes } from '../../api/schemas/handling';
import type { SavedReply } from '../../api/schemas/savedReplies';
import {
  sampleAnalysis as analysis,
  chatHistoryModel,
  demoMessages,
  demoSessions,
  sampleMessages as messages,
  sampleSessions as sessions,
} from '../../demo/qa/flowModels/chatHistory.flowModel';
import { activateLocale } from '../../i18n/i18n';
import type { ImproveAnswerInput } from '../botSettings/knowledge/improve/improveAnswer.machine';
import { SEARCH_DEBOUNCE_MS } from '../constants';
import { modelPaths, stateCoverage } from '../model';
import { chatHistoryMachine } from './chatHistory.machine';
import { type ChatHistoryInput, chatHistoryMessages, chatHistoryUrl } from './chatHistory.setup';
import { conversationAnalysisMachine } from './conversationAnalysis.machine';
import { conversationExportMachine } from './conversationExport.machine';
import { ENGLISH_LABELS, type ExportFile } from './export';
import { type FineTuneBot, fineTuneMachine } from './fineTune/fineTune.machine';
import { conversationHandlingMachine } from './handling/conversationHandling.machine';
import { savedRepliesMachine } from './savedReplies/savedReplies.machine';
import { isBotSender, NEEDS_PERSON } from './sessions';

// The flows the started actors load lazily are loaded before any starts.
beforeAll(loadLazyFlows);

beforeAll(() => activateLocale('en', { persist: false }));

type AnalysisActor = ActorRefFrom<typeof conversationAnalysisMachine>;
type ExportActor = ActorRefFrom<typeof conversationExportMachine>;

type Search = (input: { phone: string; filter: number }, signal: AbortSignal) => Promise<ChatSession[]>;

function start(
  impl: {
    search?: Search;
    load?: (id: string) => Promise<ChatMessage[]>;
    star?: (id: string, isStarred: boolean) => Promise<StarResult>;
    analyze?: (id: string) => Promise<ChatAnalysis>;
    find?: (id: string) => Promise<ChatSession | null>;
    takeOver?: (minutes: PauseMinutes) => Promise<Handling>;
    reply?: (content: string) => Promise<ChatMessage>;
  } = {},
  input?: ChatHistoryInput,
) {
  const clock = new SimulatedClock();
  const search = vi.fn<Search>(impl.search ?? (async () => sessions));
  const load = vi.fn(impl.load ?? (async () => messages));
  const star = vi.fn(impl.star ?? (async (id: string, isStarred: boolean) => ({ id, isStarred })));
  const analyze = vi.fn(impl.analyze ?? (async () => analysis));
  const logMessagesError = vi.fn();
  const logExportError = vi.fn();
  const find = vi.fn(impl.find ?? (async (id: string) => sessions.find((s) => s.id === id) ?? null));
  // The live child's place: what the chat history tells it (the tests send its events themselves).
  const toLive: EventObject[] = [];
  const flow = startFlow(
    chatHistoryMachine.provide({
      actors: {
        searchSessions: fromPromise(({ input, signal }) => search(input, signal)),
        loadMessages: fromPromise(({ input }) => load(input.id)),
        starSession: fromPromise(({ input }) => star(input.id, input.isStarred)),
        findSession: fromPromise(({ input }) => find(input.id)),
        live: fromCallback(({ receive }) => receive((e) => toLive.push(e))) as never,
        // The children as the screen runs them, with their requests and logs in the test's hands.
        conversationAnalysis: conversationAnalysisMachine.provide({
          actors: { analyzeSession: fromPromise(({ input }) => analyze(input.id)) },
        }),
        conversationExport: conversationExportMachine.provide({ actions: { logExportError } }),
        savedReplies: savedRepliesMachine.provide({
          actors: { list: fromPromise(async () => [] as SavedReply[]) },
        }),
        conversationHandling: conversationHandlingMachine.provide({
          actors: {
            takeOver: fromPromise(({ input }) =>
              (impl.takeOver ?? (async () => Promise.reject(new Error('no take-over'))))(input.minutes),
            ),
            reply: fromPromise(({ input }) =>
              (impl.reply ?? (async () => Promise.reject(new Error('no reply'))))(input.content),
            ),
          },
        }),
        // The dataset's own calls are its tests'; here only its place in the screen counts.
        fineTune: fineTuneMachine.provide({
          actors: {
            listBots: fromPromise(async () => [] as FineTuneBot[]),
            searchStarred: fromPromise(async () => [] as ChatSession[]),
          },
        }),
      },
      actions: { logMessagesError },
    }),
    { clock, input },
  );
  // The addresses the machine asks its view to show.
  const shown: { url: string; replace: boolean }[] = [];
  flow.actor.on('url.show', ({ url, replace }) => shown.push({ url, replace }));
  return {
    ...flow,
    analyzer: () => flow.snap().children.conversationAnalysis as AnalysisActor | undefined,
    handler: () => flow.snap().children.conversationHandling as HandlingActor | undefined,
    exporter: () => flow.snap().children.conversationExport as ExportActor,
    clock,
    search,
    load,
    star,
    analyze,
    logMessagesError,
    logExportError,
    find,
    shown,
    toLive,
  };
}

/** Started, searched, and session `id` open with its messages. */
async function opened(id = 'a', impl: Parameters<typeof start>[0] = {}) {
  const t = start(impl);
  await t.settle();
  t.actor.send({ type: 'session.selected', id });
  await t.settle();
  return t;
}

type HandlingActor = ActorRefFrom<typeof conversationHandlingMachine>;

describe('chat history: who handles the open conversation', () => {
  // After every sample conversation's latest activity.
  const later = (minutes: number) =>
    new Date(Date.parse('2026-11-30T10:00:00.000Z') + minutes * 60_000).toISOString();
  const waiting: Handling = { by: 'waiting', reason: 'askedForPerson', since: later(1) };
  const taken: Handling = { by: 'person', name: 'mei', since: later(2), until: null };
  const reply: ChatMessage = { id: 'r-1', content: 'On its way!', sender: 'person', sentAt: later(3) };
  const withWaiting = async () => sessions.map((s) => (s.id === 'b' ? { ...s, handling: waiting } : s));

  it('runs for the open conversation with what the list says, and its news shows in the row and the conversation', async () => {
    const t = await opened('b', {
      search: withWaiting,
      takeOver: async () => taken,
      reply: async () => reply,
    });
    const handler = t.handler() as HandlingActor;
    expect(handler.getSnapshot().context).toMatchObject({ sessionId: 'b', handling: waiting });
    handler.send({ type: 'takeOver', minutes: null });
    await t.settle();
    expect(t.snap().context.selected?.handling).toEqual(taken);
    expect(t.snap().context.sessions.find((s) => s.id === 'b')?.handling).toEqual(taken);
    handler.send({ type: 'reply.changed', text: 'On its way!' });
    handler.send({ type: 'reply.send' });
    await t.settle();
    expect(t.snap().context.messages.at(-1)).toEqual(reply);
    expect(t.snap().context.sessions[0]).toMatchObject({ id: 'b', lastMessage: reply });
  });

  it('starts afresh for another conversation, and with none open runs none', async () => {
    const t = await opened('b', { search: withWaiting });
    const first = t.handler();
    t.actor.send({ type: 'session.selected', id: 'a' });
    await t.settle();
    expect(t.handler()).not.toBe(first);
    expect(t.handler()?.getSnapshot().context).toMatchObject({ sessionId: 'a', handling: { by: 'bot' } });
    t.actor.send({ type: 'session.closed' });
    expect(t.handler()).toBeUndefined();
  });
});

describe('chat history: news of handlers from the live stream', () => {
  const waiting: Handling = { by: 'waiting', reason: 'askedForPerson', since: '2026-11-30T10:01:00.000Z' };

  it('marks the row, and the open conversation’s handling hears of it; another conversation’s news is the row’s only', async () => {
    const t = await opened('b');
    t.actor.send({ type: 'live.handling', sessionId: 'b', handling: waiting });
    expect(t.snap().context.sessions.find((s) => s.id === 'b')?.handling).toEqual(waiting);
    expect(t.snap().context.selected?.handling).toEqual(waiting);
    expect(t.handler()?.getSnapshot().context.handling).toEqual(waiting);
    const a: Handling = { ...waiting, reason: 'noAnswer' };
    t.actor.send({ type: 'live.handling', sessionId: 'a', handling: a });
    expect(t.snap().context.sessions.find((s) => s.id === 'a')?.handling).toEqual(a);
    expect(t.handler()?.getSnapshot().context.handling).toEqual(waiting);
  });

  it('with no conversation open, only marks the row', async () => {
    const t = start();
    await t.settle();
    t.actor.send({ type: 'live.handling', sessionId: 'a', handling: waiting });
    expect(t.snap().context.sessions.find((s) => s.id === 'a')?.handling).toEqual(waiting);
    expect(t.handler()).toBeUndefined();
  });
});

describe('chat history: "Needs a person"', () => {
  it('asks the server for all conversations (it may not know the filter) and keeps the filter in the address', async () => {
    const t = start({}, { filter: NEEDS_PERSON });
    await t.settle();
    expect(t.search).toHaveBeenLastCalledWith({ phone: '', filter: SessionFilter.all }, expect.anything());
    expect(t.snap().context.url).toBe('/chat-history?filter=waiting');
    t.actor.send({ type: 'filter.changed', filter: SessionFilter.starred });
    await t.settle();
    expect(t.search).toHaveBeenLastCalledWith(
      { phone: '', filter: SessionFilter.starred },
      expect.anything(),
    );
    t.actor.send({ type: 'filter.changed', filter: NEEDS_PERSON });
    await t.settle();
    expect(t.search).toHaveBeenLastCalledWith({ phone: '', filter: SessionFilter.all }, expect.anything());
  });
});

describe('chat history: the session list', () => {
  it('searches at once with the filter it starts with, and hides newsletters and the placeholder', async () => {
    const { search, snap, settle, shown } = start({}, { filter: 2, phone: '138' });
    expect(snap().hasTag('listBusy')).toBe(true);
    await settle();
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toEqual({ phone: '138', filter: 2 });
    expect(snap().context.sessions.map((s) => s.id)).toEqual(['a', 'b']);
    expect(snap().matches({ list: 'ready' })).toBe(true);
    // The address already says so: nothing to change in it.
    expect(snap().context.url).toBe('/chat-history?phone=138&filter=2');
    expect(shown).toEqual([]);
  });

  it('waits for a pause in typing, then searches once with the last text (trimmed)', async () => {
    const { actor, clock, search, settle } = start();
    await settle();
    search.mockClear();
    for (const value of ['8', '86', ' 861 ']) {
      actor.send({ type: 'search.changed', value });
      clock.increment(SEARCH_DEBOUNCE_MS - 1);
    }
    expect(search).not.toHaveBeenCalled();
    clock.increment(1);
    await settle();
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toEqual({ phone: '861', filter: 1 });
    expect(actor.getSnapshot().context.phone).toBe(' 861 ');
  });

  it('cancels a search in flight when the user types again', async () => {
    const signals: AbortSignal[] = [];
    const { actor, clock, search, settle } = start({
      search: (_, signal) => {
        signals.push(signal);
        return new Promise(() => {});
      },
    });
    actor.send({ type: 'search.changed', value: '1' });
    expect(signals[0]?.aborted).toBe(true);
    clock.increment(SEARCH_DEBOUNCE_MS);
    await settle();
    expect(search).toHaveBeenCalledTimes(2);
    expect(signals[1]?.aborted).toBe(false);
  });

  it('sends the filter code at once when the filter changes, and Enter searches without waiting', async () => {
    const { actor, search, settle } = start();
    await settle();
    actor.send({ type: 'filter.changed', filter: 4 });
    await settle();
    expect(search.mock.calls.at(-1)?.[0]).toEqual({ phone: '', filter: 4 });
    actor.send({ type: 'search.changed', value: '1415' });
    actor.send({ type: 'search.submitted' });
    await settle();
    expect(search.mock.calls.at(-1)?.[0]).toEqual({ phone: '1415', filter: 4 });
    expect(search).toHaveBeenCalledTimes(3);
  });

  it('searches a number typed in any format by its digits, and other text as typed', async () => {
    const { actor, search, settle } = start();
    await settle();
    actor.send({ type: 'search.changed', value: ' +86 (138) 1234-5678 ' });
    actor.send({ type: 'search.submitted' });
    await settle();
    expect(search.mock.calls.at(-1)?.[0]).toEqual({ phone: '8613812345678', filter: 1 });
    expect(actor.getSnapshot().context.phone).toBe(' +86 (138) 1234-5678 ');
    actor.send({ type: 'search.changed', value: ' status@broadcast ' });
    actor.send({ type: 'search.submitted' });
    await settle();
    expect(search.mock.calls.at(-1)?.[0]).toEqual({ phone: 'status@broadcast', filter: 1 });
  });

  it('shows a failed search in the list with a retry', async () => {
    let fail = true;
    const { actor, snap, settle } = start({
      search: async () => {
        if (fail) throw new Error('Server down');
        return sessions;
      },
    });
    await settle();
    expect(snap().hasTag('listError')).toBe(true);
    expect(snap().context.listError).toBe('Server down');
    fail = false;
    actor.send({ type: 'list.retry' });
    await settle();
    expect(snap().matches({ list: 'ready' })).toBe(true);
    expect(snap().context.listError).toBeNull();
  });
});

describe('chat history: a conversation', () => {
  it('has nothing open at first, then loads the messages of the chosen session', async () => {
    const t = start();
    await t.settle();
    expect(t.snap().hasTag('nothingSelected')).toBe(true);
    expect(t.snap().can({ type: 'export.requested', labels: ENGLISH_LABELS })).toBe(false);
    t.actor.send({ type: 'session.selected', id: 'b' });
    expect(t.snap().hasTag('messagesLoading')).toBe(true);
    await t.settle();
    expect(t.load).toHaveBeenCalledWith('b');
    expect(t.snap().context.selected?.id).toBe('b');
    expect(t.snap().context.messages).toEqual(messages);
  });

  it('ignores an unknown session and the one already open', async () => {
    const t = await opened('a');
    t.actor.send({ type: 'session.selected', id: 'news' });
    t.actor.send({ type: 'session.selected', id: 'a' });
    await t.settle();
    expect(t.load).toHaveBeenCalledTimes(1);
    expect(t.snap().context.selected?.id).toBe('a');
  });

  it('empties the list and logs when messages cannot be loaded; refresh tries again', async () => {
    let fail = false;
    const t = await opened('a', {
      load: async () => {
        if (fail) throw new Error('boom');
        return messages;
      },
    });
    fail = true;
    t.actor.send({ type: 'messages.refresh' });
    await t.settle();
    expect(t.snap().hasTag('messagesFailed')).toBe(true);
    expect(t.snap().context.messages).toEqual([]);
    expect(t.logMessagesError).toHaveBeenCalledTimes(1);
    fail = false;
    t.actor.send({ type: 'messages.refresh' });
    await t.settle();
    expect(t.snap().context.messages).toEqual(messages);
  });

  it('closes the conversation (the mobile back step)', async () => {
    const t = await opened('a');
    t.actor.send({ type: 'session.closed' });
    expect(t.snap().hasTag('nothingSelected')).toBe(true);
    expect(t.snap().context).toMatchObject({ selected: null, messages: [] });
  });
});

describe('chat history: star', () => {
  it('shows the new star at once and keeps the server answer', async () => {
    const t = await opened('a');
    t.actor.send({ type: 'star.toggled' });
    expect(t.snap().context.selected?.isStarred).toBe(true);
    expect(t.snap().context.sessions.find((s) => s.id === 'a')?.isStarred).toBe(true);
    expect(t.snap().can({ type: 'star.toggled' })).toBe(false);
    await t.settle();
    expect(t.star).toHaveBeenCalledWith('a', true);
    expect(t.snap().matches({ star: 'idle' })).toBe(true);
    t.actor.send({ type: 'star.toggled' });
    await t.settle();
    expect(t.star).toHaveBeenLastCalledWith('a', false);
    expect(t.snap().context.selected?.isStarred).toBe(false);
  });

  it('undoes the star with an error toast when the call fails', async () => {
    const t = await opened('b', { star: async () => Promise.reject(new Error('Not allowed')) });
    t.actor.send({ type: 'star.toggled' });
    expect(t.snap().context.selected?.isStarred).toBe(false);
    await t.settle();
    expect(t.snap().context.selected?.isStarred).toBe(true);
    expect(t.snap().context.sessions.find((s) => s.id === 'b')?.isStarred).toBe(true);
    expect(t.toasts).toEqual([
      { variant: 'error', title: chatHistoryMessages.starFailed, description: 'Not allowed' },
    ]);
  });

  it('keeps a star being saved over an older value in a search answer', async () => {
    let release: (r: StarResult) => void = () => {};
    const t = await opened('a', { star: () => new Promise((r) => (release = r)) });
    t.actor.send({ type: 'star.toggled' });
    t.actor.send({ type: 'search.submitted' });
    await t.settle();
    expect(t.snap().context.sessions.find((s) => s.id === 'a')?.isStarred).toBe(true);
    // The search leaves the open conversation and the star call alone.
    expect(t.snap().matches({ conversation: 'open', star: 'saving' })).toBe(true);
    release({ id: 'a', isStarred: true });
    await t.settle();
    expect(t.snap().context.pendingStar).toBeNull();
  });

  it('cannot star with nothing open', async () => {
    const t = start();
    await t.settle();
    expect(t.snap().can({ type: 'star.toggled' })).toBe(false);
  });
});

describe('chat history: analysis (its child, while a conversation is open)', () => {
  it('re-analyses and shows the new analysis in the conversation and the list', async () => {
    const t = await opened('a');
    t.analyzer()?.send({ type: 'analysis.requested' });
    expect(t.analyzer()?.getSnapshot().hasTag('analyzing')).toBe(true);
    expect(t.analyzer()?.getSnapshot().can({ type: 'analysis.requested' })).toBe(false);
    await t.settle();
    expect(t.analyze).toHaveBeenCalledWith('a');
    expect(t.snap().context.selected?.analysis).toEqual(analysis);
    expect(t.snap().context.sessions.find((s) => s.id === 'a')?.analysis).toEqual(analysis);
    expect(t.analyzer()?.getSnapshot().value).toBe('idle');
  });

  it('keeps the old analysis and says why when analysing fails', async () => {
    const t = await opened('a', { analyze: async () => Promise.reject(new Error('Model busy')) });
    t.analyzer()?.send({ type: 'analysis.requested' });
    await t.settle();
    const child = t.analyzer()?.getSnapshot();
    expect(child?.hasTag('analysisFailed')).toBe(true);
    expect(child?.context.error).toBe('Model busy');
    expect(child?.can({ type: 'analysis.requested' })).toBe(true);
    expect(t.snap().context.selected?.analysis).toBeNull();
  });

  it('starts afresh for another conversation, and ends with the conversation', async () => {
    const t = await opened('a', { analyze: async () => Promise.reject(new Error('Model busy')) });
    t.analyzer()?.send({ type: 'analysis.requested' });
    await t.settle();
    expect(t.analyzer()?.getSnapshot().hasTag('analysisFailed')).toBe(true);
    t.actor.send({ type: 'session.selected', id: 'b' });
    // Another conversation: nothing of the failure shows, and its analysis is asked for its own id.
    expect(t.analyzer()?.getSnapshot().value).toBe('idle');
    expect(t.analyzer()?.getSnapshot().context).toEqual({ sessionId: 'b', error: null });
    let answer: (a: ChatAnalysis) => void = () => {};
    t.analyze.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    t.analyzer()?.send({ type: 'analysis.requested' });
    expect(t.analyze).toHaveBeenLastCalledWith('b');
    t.actor.send({ type: 'session.closed' });
    expect(t.analyzer()).toBeUndefined();
    // An answer arriving after the conversation closed changes nothing.
    answer(analysis);
    await t.settle();
    expect(t.snap().context.sessions.find((s) => s.id === 'b')?.analysis).toBeNull();
  });

  it('runs the fine-tune dataset from the first showing of its tab with a conversation open, across tabs and conversations, until none is open', async () => {
    const t = await opened('a');
    const dataset = () => t.snap().children.fineTune as ActorRefFrom<typeof fineTuneMachine> | undefined;
    t.actor.send({ type: 'tab.selected', tab: 'export' });
    expect(dataset()).toBeUndefined();
    t.actor.send({ type: 'tab.selected', tab: 'fineTune' });
    const first = dataset();
    expect(first?.getSnapshot().context.scope.sessions.map((x) => x.id)).toEqual(
      t.snap().context.sessions.map((x) => x.id),
    );
    t.actor.send({ type: 'tab.selected', tab: 'analysis' });
    t.actor.send({ type: 'session.selected', id: 'b' });
    await t.settle();
    expect(dataset()).toBe(first);
    t.actor.send({ type: 'session.closed' });
    expect(dataset()).toBeUndefined();
    // Opened again on its tab: a new dataset.
    t.actor.send({ type: 'tab.selected', tab: 'fineTune' });
    expect(dataset()).toBeUndefined();
    t.actor.send({ type: 'session.selected', id: 'a' });
    expect(dataset()).toBeDefined();
    expect(dataset()).not.toBe(first);
  });

  it('switches tabs', () => {
    const t = start();
    t.actor.send({ type: 'tab.selected', tab: 'export' });
    expect(t.snap().matches({ tab: 'export' })).toBe(true);
    t.actor.send({ type: 'tab.selected', tab: 'fineTune' });
    expect(t.snap().matches({ tab: 'fineTune' })).toBe(true);
    t.actor.send({ type: 'tab.selected', tab: 'analysis' });
    expect(t.snap().matches({ tab: 'analysis' })).toBe(true);
  });
});

describe('chat history: export (its child, for as long as the screen runs)', () => {
  /** The files the export child hands to the view for download. */
  function filesOf(exporter: ExportActor) {
    const files: ExportFile[] = [];
    exporter.on('export.file', ({ file }) => files.push(file));
    return files;
  }
  const request = { type: 'export.requested', labels: ENGLISH_LABELS } as const;

  it('hands the open conversation, as loaded, to the export child, which builds the file in the labels given', async () => {
    const t = await opened('a');
    const files = filesOf(t.exporter());
    t.exporter().send({ type: 'export.formatChanged', format: 'csv' });
    t.exporter().send({ type: 'export.includeTimestampsChanged', value: false });
    t.actor.send({
      type: 'export.requested',
      labels: { ...ENGLISH_LABELS, customer: '客户', bot: '机器人', sender: '发送者', content: '内容' },
    });
    expect(t.exporter().getSnapshot().hasTag('exported')).toBe(true);
    expect(files.map((f) => f.name)).toEqual([t.exporter().getSnapshot().context.fileName]);
    expect(files[0]?.name).toMatch(/^chat-8613812345678-\d{8}-\d{6}\.csv$/);
    expect(files[0]?.content).toBe(
      '\uFEFF发送者,内容\r\n客户,Where is my order?\r\n机器人,It left yesterday.\r\n',
    );
  });

  it('shows the export failure when the view cannot download the file', async () => {
    const t = await opened('a');
    t.actor.send(request);
    expect(t.exporter().getSnapshot().hasTag('exported')).toBe(true);
    t.exporter().send({ type: 'export.failed', error: new Error('Blocked') });
    expect(t.exporter().getSnapshot().hasTag('exportFailed')).toBe(true);
    expect(t.exporter().getSnapshot().context.fileName).toBeNull();
    expect(t.logExportError).toHaveBeenCalledTimes(1);
    expect(t.snap().status).toBe('active');
    expect(t.exporter().getSnapshot().status).toBe('active');
  });

  it('exports nothing from an empty conversation', async () => {
    const t = await opened('a', { load: async () => [] });
    const files = filesOf(t.exporter());
    expect(t.snap().matches({ conversation: { open: { messages: 'ready' } } })).toBe(true);
    expect(t.snap().can(request)).toBe(false);
    t.actor.send(request);
    expect(files).toEqual([]);
    expect(t.exporter().getSnapshot().value).toBe('idle');
  });

  it('exports only a loaded conversation', async () => {
    const t = start({ load: () => new Promise(() => {}) });
    await t.settle();
    expect(t.snap().can(request)).toBe(false);
    t.actor.send({ type: 'session.selected', id: 'a' });
    expect(t.snap().can(request)).toBe(false);
    t.actor.send(request);
    expect(t.exporter().getSnapshot().value).toBe('idle');
  });

  it('forgets the last export when another session opens or the conversation closes, and keeps the options', async () => {
    const t = await opened('a');
    t.exporter().send({ type: 'export.formatChanged', format: 'txt' });
    t.exporter().send({ type: 'export.includeAnalysisChanged', value: false });
    t.actor.send(request);
    t.actor.send({ type: 'session.selected', id: 'b' });
    expect(t.exporter().getSnapshot().hasTag('exported')).toBe(false);
    expect(t.exporter().getSnapshot().context.fileName).toBeNull();
    await t.settle();
    t.actor.send(request);
    expect(t.exporter().getSnapshot().context.fileName).toMatch(/^chat-14155550123-\d{8}-\d{6}\.txt$/);
    t.actor.send({ type: 'session.closed' });
    expect(t.exporter().getSnapshot().value).toBe('idle');
    expect(t.exporter().getSnapshot().context).toEqual({
      options: { format: 'txt', includeAnalysis: false, includeTimestamps: true },
      fileName: null,
    });
  });
});

describe('chat history: the address', () => {
  const at = (sessionId: string | null, phone = '', filter = SessionFilter.all as number) => ({
    type: 'url.changed' as const,
    sessionId,
    phone,
    filter: filter as 1,
  });

  it('writes the conversation as one encoded segment, the search trimmed, the filter when it narrows', () => {
    expect(chatHistoryUrl({ sessionId: null, phone: '', filter: 1 })).toBe('/chat-history');
    expect(chatHistoryUrl({ sessionId: 'a', phone: ' 86 ', filter: 2 })).toBe(
      '/chat-history/a?phone=86&filter=2',
    );
    for (const id of ['..', '../../users', 'a/b', '<script>alert(1)</script>', 'a?b#c', 'x'.repeat(5000)]) {
      const url = chatHistoryUrl({ sessionId: id, phone: '', filter: 1 });
      const segment = url.slice('/chat-history/'.length);
      expect(segment).not.toMatch(/[/?#<>]/);
      expect(decodeURIComponent(segment)).toBe(id);
    }
  });

  it('opens the conversation a copied address names once the list shows it, adding no history entry', async () => {
    const { snap, settle, shown, load, find } = start({}, { sessionId: 'b', filter: 2 });
    expect(snap().hasTag('sessionFinding')).toBe(true);
    await settle();
    expect(snap().matches({ conversation: 'open' })).toBe(true);
    expect(snap().context.selected?.id).toBe('b');
    expect(load).toHaveBeenCalledWith('b');
    expect(find).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
    expect(snap().context.url).toBe('/chat-history/b?filter=2');
  });

  it('looks a conversation up among all when the search does not list it, and opens it', async () => {
    const { snap, settle, find } = start({ search: async () => [] }, { sessionId: 'a', phone: '999' });
    await settle();
    expect(find).toHaveBeenCalledWith('a');
    expect(snap().context.selected?.id).toBe('a');
    expect(snap().matches({ conversation: { open: { messages: 'ready' } } })).toBe(true);
  });

  it.each([
    ['an unknown id', 'nope'],
    ['another user’s conversation', 'sess-of-someone-else'],
    ['a hidden number', 'news'],
    ['a hostile id', '../../<script>%2F'],
  ])('says "not found" for %s, without putting it into a request', async (_, id) => {
    const { snap, settle, load, find } = start({}, { sessionId: id });
    await settle();
    expect(snap().hasTag('sessionNotFound')).toBe(true);
    expect(snap().context.selected).toBeNull();
    expect(snap().context.sessionId).toBe(id);
    // The whole list was the lookup already: nothing else is asked.
    expect(find).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });

  it('says "not found" when the lookup does not find it either, and a failed lookup can be retried', async () => {
    const find = vi
      .fn<(id: string) => Promise<ChatSession | null>>()
      .mockRejectedValueOnce(new Error('offline'));
    find.mockResolvedValueOnce(null);
    const { actor, snap, settle } = start({ find }, { sessionId: 'zzz', filter: 2 });
    await settle();
    expect(snap().hasTag('sessionLookupFailed')).toBe(true);
    expect(snap().context.sessionError).toBe('offline');
    actor.send({ type: 'session.lookupRetried' });
    await settle();
    expect(snap().hasTag('sessionNotFound')).toBe(true);
  });

  it('says "not found" when the server answers 404 for the messages of a listed conversation', async () => {
    const gone = Object.assign(new Error('Not found'), { status: 404 });
    const { snap, settle, logMessagesError } = start(
      { load: async () => Promise.reject(gone) },
      { sessionId: 'a' },
    );
    await settle();
    expect(snap().hasTag('sessionNotFound')).toBe(true);
    expect(snap().context.selected).toBeNull();
    expect(logMessagesError).not.toHaveBeenCalled();
  });

  it('pushes an entry when a conversation is opened or closed, and replaces it for the search and filter', async () => {
    const { actor, clock, settle, shown } = start();
    await settle();
    actor.send({ type: 'session.selected', id: 'a' });
    actor.send({ type: 'filter.changed', filter: 2 });
    await settle();
    for (const value of ['1', '14', '141']) actor.send({ type: 'search.changed', value });
    clock.increment(SEARCH_DEBOUNCE_MS);
    await settle();
    actor.send({ type: 'session.closed' });
    expect(shown).toEqual([
      { url: '/chat-history/a', replace: false },
      { url: '/chat-history/a?filter=2', replace: true },
      // One entry for the typing, once it paused.
      { url: '/chat-history/a?phone=141&filter=2', replace: true },
      { url: '/chat-history?phone=141&filter=2', replace: false },
    ]);
  });

  it('follows Back and Forward: another conversation, another search, or none', async () => {
    const { actor, snap, settle, search, shown } = start();
    await settle();
    actor.send({ type: 'session.selected', id: 'a' });
    await settle();
    actor.send({ type: 'session.selected', id: 'b' });
    await settle();
    shown.length = 0;
    search.mockClear();

    actor.send(at('a'));
    await settle();
    expect(snap().context.selected?.id).toBe('a');
    expect(search).not.toHaveBeenCalled();

    actor.send(at('b', '1415', 2));
    await settle();
    expect(snap().context.selected?.id).toBe('b');
    expect(snap().context).toMatchObject({
      phone: '1415',
      filter: 2,
      url: '/chat-history/b?phone=1415&filter=2',
    });
    expect(search.mock.calls.at(-1)?.[0]).toEqual({ phone: '1415', filter: 2 });

    actor.send(at(null, '1415', 2));
    expect(snap().hasTag('nothingSelected')).toBe(true);
    // Following the address never writes it back.
    expect(shown).toEqual([]);
  });

  it('takes its own address back as nothing new (the view reports every change, its own too)', async () => {
    const { actor, snap, settle, search, load } = start();
    await settle();
    actor.send({ type: 'session.selected', id: 'a' });
    await settle();
    actor.send({ type: 'search.changed', value: '14' });
    // The address written for 'a' comes back while the user types on: the typing is kept.
    actor.send(at('a'));
    expect(snap().context.phone).toBe('14');
    expect(snap().matches({ list: 'debouncing' })).toBe(true);
    expect(search).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves "not found" for a listed conversation or the list', async () => {
    const { actor, snap, settle, shown } = start({}, { sessionId: 'nope' });
    await settle();
    actor.send({ type: 'session.closed' });
    expect(snap().hasTag('nothingSelected')).toBe(true);
    expect(shown).toEqual([{ url: '/chat-history', replace: false }]);
    actor.send(at('nope'));
    await settle();
    expect(snap().hasTag('sessionNotFound')).toBe(true);
    actor.send({ type: 'session.selected', id: 'b' });
    await settle();
    expect(snap().context.selected?.id).toBe('b');
  });
});

describe('chat history: live updates', () => {
  const later = (minutes: number) =>
    new Date(Date.parse('2026-11-19T10:00:00.000Z') + minutes * 60_000).toISOString();
  const customer = (id: string, minutes: number): ChatMessage => ({
    id,
    content: `Live ${id}`,
    sender: 'user',
    sentAt: later(minutes),
  });

  it('counts a message in another listed conversation unread until it is opened', async () => {
    const t = await opened('a');
    t.actor.send({ type: 'live.message', sessionId: 'b', message: customer('x1', 1) });
    t.actor.send({ type: 'live.message', sessionId: 'b', message: customer('x2', 2) });
    // Told twice (a poll after the stream), it counts once.
    t.actor.send({ type: 'live.message', sessionId: 'b', message: customer('x2', 2) });
    expect(t.snap().context.live.unread).toEqual({ b: ['x1', 'x2'] });
    expect(t.snap().context.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    t.actor.send({ type: 'session.selected', id: 'b' });
    expect(t.snap().context.live.unread).toEqual({});
  });

  it('adds a message of the open conversation in place; scrolled up, it is one of the new ones below', async () => {
    const t = await opened('a');
    t.actor.send({ type: 'live.message', sessionId: 'a', message: customer('x1', 1) });
    expect(t.snap().context.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'x1']);
    expect(t.snap().context.live).toEqual({ unread: {}, atBottom: true, newBelow: [] });
    t.actor.send({ type: 'live.scrolled', atBottom: false });
    t.actor.send({ type: 'live.message', sessionId: 'a', message: customer('x2', 2) });
    expect(t.snap().context.live.newBelow).toEqual(['x2']);
    expect(t.snap().context.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'x1', 'x2']);
    // Back at the latest message: the new ones are seen.
    t.actor.send({ type: 'live.scrolled', atBottom: true });
    expect(t.snap().context.live.newBelow).toEqual([]);
  });

  it('puts a new conversation the search would show first, with its messages unread, and no other', async () => {
    const t = start({}, { filter: SessionFilter.starred });
    await t.settle();
    // Just started: created, and its first message written, after every listed one's latest activity.
    const [first] = sessions[0]?.messages ?? [];
    const fresh = {
      ...sessions[0],
      id: 'new',
      createdAt: later(5),
      isStarred: false,
      messages: [{ ...first, sentAt: later(5) }],
    } as ChatSession;
    t.actor.send({ type: 'live.session', session: fresh });
    // Not starred: the starred list does not show it.
    expect(t.snap().context.sessions.some((s) => s.id === 'new')).toBe(false);
    t.actor.send({ type: 'live.session', session: { ...fresh, isStarred: true } });
    expect(t.snap().context.sessions[0]?.id).toBe('new');
    expect(t.snap().context.live.unread).toEqual({ new: ['a-m1'] });
  });

  it('tells the live child which conversation is open, and none once it is closed', async () => {
    const t = await opened('a');
    t.actor.send({ type: 'session.selected', id: 'b' });
    t.actor.send({ type: 'session.closed' });
    expect(t.toLive).toEqual([
      { type: 'live.watched', sessionId: 'a' },
      { type: 'live.watched', sessionId: null },
      { type: 'live.watched', sessionId: 'b' },
      { type: 'live.watched', sessionId: null },
    ]);
    // Stopping the screen stops the child first: nothing is sent to it then.
    t.stop();
    expect(t.toLive).toHaveLength(4);
  });
});

describe('chat history model', () => {
  const { shortest } = modelPaths(chatHistoryModel.machine, chatHistoryModel);

  it('reaches every state', () => {
    expect(stateCoverage(chatHistoryModel.machine, shortest).missing).toEqual([]);
  });
});

type Snap = SnapshotFrom<typeof chatHistoryMachine>;
const serverError = 'Internal server error';
// The list leaves out the newsletter and the placeholder number.
const listed = demoSessions.filter((s) => s.fromNumber.endsWith('@c.us') && s.fromNumber !== '0@c.us');
const openId = (s: Snap) => s.context.selected?.id;
type ExportSnap = SnapshotFrom<typeof conversationExportMachine>;
type AnalysisSnap = SnapshotFrom<typeof conversationAnalysisMachine>;
type HandlingSnap = SnapshotFrom<typeof conversationHandlingMachine>;
type FineTuneSnap = SnapshotFrom<typeof fineTuneMachine>;

describeStateViews(chatHistoryModel, {
  '*': {
    // The address can always change (Back, Forward, a link); the view reports it.
    enabled: ['url.changed'],
    runs: {
      // Live updates run as long as the screen does, and watch the open conversation (polled when the stream
      // is down).
      live: (child: { context: { watched: string | null } }, s: Snap) =>
        expect(child.context.watched).toBe(
          s.matches({ conversation: 'open' }) ? (s.context.selected?.id ?? null) : null,
        ),
      // The export too (its options hold for every conversation); no file shows without an open conversation.
      conversationExport: (child: ExportSnap, s: Snap) => {
        if (!s.matches({ conversation: 'open' })) {
          expect(child.value).toBe('idle');
          expect(child.context.fileName).toBeNull();
        }
      },
      // The team's saved replies, for whichever conversation a person replies in.
      savedReplies: () => {},
    },
    shows: (s: Snap) => {
      // The address the screen shows is the one its state names (the search once the typing paused).
      if (!s.matches({ list: 'debouncing' }))
        expect(s.context.url).toBe(
          chatHistoryUrl({
            sessionId: s.context.sessionId,
            phone: s.context.phone,
            filter: s.context.filter,
          }),
        );
      expect(['', '852']).toContain(s.context.phone);
      expect([SessionFilter.all, SessionFilter.starred]).toContain(s.context.filter);
    },
  },
  // Searching and filtering are always possible.
  list: { enabled: ['search.changed', 'search.submitted', 'filter.changed'] },
  'list.debouncing': { tags: ['listBusy'], shows: (s: Snap) => expect(s.context.phone).toBe('852') },
  'list.loading': {
    tags: ['listBusy'],
    runs: {
      searchSessions: (input: { phone: string; filter: number }, s: Snap) =>
        expect(input).toEqual({ phone: s.context.phone.trim(), filter: s.context.filter }),
    },
  },
  'list.ready': {
    shows: (s: Snap) => {
      expect(s.context.listError).toBeNull();
      expect(s.context.sessions.map((x) => x.id)).toEqual(listed.map((x) => x.id));
    },
  },
  'list.failed': {
    tags: ['listError'],
    enabled: ['list.retry'],
    shows: (s: Snap) => expect(s.context.listError).toBe(serverError),
  },
  conversation: {
    // Any listed conversation but the open one can be opened; closing is always possible.
    enabled: (s: Snap) => [
      'session.closed',
      ...(s.context.sessions.some((x) => x.id !== openId(s)) ? ['session.selected'] : []),
    ],
  },
  'conversation.none': {
    tags: ['nothingSelected'],
    shows: (s: Snap) => {
      expect(s.context.selected).toBeNull();
      expect(s.context.messages).toEqual([]);
    },
  },
  'conversation.open': {
    // The open conversation's analysis and handling children report their news; each starts afresh with
    // each conversation, the handling with what the list says of it (the bot's, when it says nothing).
    enabled: ['session.analyzed', 'handling.changed', 'reply.sent'],
    runs: {
      conversationAnalysis: (child: AnalysisSnap, s: Snap) => {
        expect(child.value).toBe('idle');
        expect(child.context).toEqual({ sessionId: openId(s), error: null });
      },
      conversationHandling: (child: HandlingSnap, s: Snap) => {
        expect(child.hasTag('bot')).toBe(true);
        expect(child.context).toEqual({
          sessionId: openId(s),
          handling: { by: 'bot' },
          draft: '',
          error: null,
        });
      },
    },
    shows: (s: Snap) => {
      expect(listed.map((x) => x.id)).toContain(openId(s));
      expect(s.context.sessionId).toBe(openId(s));
    },
  },
  // Transient: the address at start names a conversation or not.
  'conversation.starting': {},
  'conversation.finding': {
    tags: ['sessionFinding'],
    shows: (s: Snap) => {
      expect(s.context.sessionId).not.toBeNull();
      expect(s.context.selected).toBeNull();
    },
  },
  // Until the list has answered (a stale one may already show it).
  'conversation.finding.waiting': { shows: (s: Snap) => expect(s.hasTag('listBusy')).toBe(true) },
  'conversation.finding.lookingUp': {
    runs: {
      findSession: (input: { id: string }, s: Snap) => expect(input).toEqual({ id: s.context.sessionId }),
    },
  },
  'conversation.finding.failed': {
    tags: ['sessionLookupFailed'],
    enabled: ['session.lookupRetried'],
    shows: (s: Snap) => expect(s.context.sessionError).toBe(serverError),
  },
  // Unknown, another user's, or gone: the address keeps naming it; nothing of another shows.
  'conversation.notFound': {
    tags: ['sessionNotFound'],
    shows: (s: Snap) => {
      expect(s.context.sessionId).not.toBeNull();
      expect(s.context.selected).toBeNull();
      expect(s.context.messages).toEqual([]);
    },
  },
  'conversation.open.messages': {},
  'conversation.open.messages.loading': {
    tags: ['messagesLoading'],
    runs: { loadMessages: (input: { id: string }, s: Snap) => expect(input).toEqual({ id: openId(s) }) },
  },
  'conversation.open.messages.ready': {
    // Only a loaded conversation with messages makes a complete file.
    enabled: (s: Snap) => [
      'messages.refresh',
      ...(s.context.messages.length > 0 ? ['export.requested'] : []),
    ],
    shows: (s: Snap) => expect(s.context.messages).toEqual(demoMessages),
  },
  // Spec section 8: the list is emptied ('No messages found').
  'conversation.open.messages.failed': {
    tags: ['messagesFailed'],
    enabled: ['messages.refresh'],
    shows: (s: Snap) => expect(s.context.messages).toEqual([]),
  },
  star: {},
  'star.idle': {
    // A star needs an open conversation, and one save at a time.
    enabled: (s: Snap) => (s.context.selected ? ['star.toggled'] : []),
    shows: (s: Snap) => expect(s.context.pendingStar).toBeNull(),
  },
  'star.saving': {
    tags: ['starSaving'],
    runs: {
      starSession: (input: { id: string; isStarred: boolean }, s: Snap) =>
        expect(input).toEqual(s.context.pendingStar),
    },
    // The new value shows at once, in the list and in the open conversation.
    shows: (s: Snap) => {
      const pending = s.context.pendingStar;
      expect(listed.map((x) => x.id)).toContain(pending?.id);
      for (const row of s.context.sessions.filter((x) => x.id === pending?.id))
        expect(row.isStarred).toBe(pending?.isStarred);
      if (openId(s) === pending?.id) expect(s.context.selected?.isStarred).toBe(pending?.isStarred);
    },
  },
  tab: { enabled: ['tab.selected'] },
  'tab.analysis': {},
  'tab.export': {},
  'tab.fineTune': {},
  fineTune: {},
  // No dataset without an open conversation; none before its tab was shown with one open.
  'fineTune.off': {
    shows: (s: Snap) => expect(s.context.selected !== null && s.matches({ tab: 'fineTune' })).toBe(false),
  },
  // The dataset starts with the list as it stands, for the signed-in user.
  'fineTune.on': {
    runs: {
      fineTune: (child: FineTuneSnap, s: Snap) => {
        expect(child.context.userId).toBe(s.context.userId);
        expect(child.context.scope.filter).toBe(s.context.filter);
      },
    },
    shows: (s: Snap) => expect(s.context.selected).not.toBeNull(),
  },
  improve: {},
  // No answer being improved, and none of its flow running.
  'improve.closed': {
    enabled: (s: Snap) => (s.context.messages.some((m) => isBotSender(m.sender)) ? ['improve.opened'] : []),
    shows: (s: Snap) => {
      expect(s.context.improving).toBeNull();
      expect(s.children.improveAnswer).toBeUndefined();
    },
  },
  // One of the bot's replies of the open conversation, with the customer's message it answered and the bot
  // the conversation names.
  'improve.open': {
    enabled: ['improve.closed', 'improve.opened'],
    runs: {
      improveAnswer: (child: { context: { input: ImproveAnswerInput } }, s: Snap) => {
        expect(child.context.input).toEqual(s.context.improving);
        expect(s.context.messages.some((m) => m.id === s.context.improving?.messageId)).toBe(true);
        const { question, botAnswer, chatbotId, userId } = child.context.input;
        expect({ chatbotId, userId }).toEqual({
          chatbotId: s.context.selected?.chatbotId ?? null,
          userId: s.context.userId,
        });
        const said = (who: (sender: string) => boolean) =>
          s.context.messages.filter((m) => who(m.sender)).map((m) => m.content);
        expect(said((sender) => !isBotSender(sender))).toContain(question);
        expect(said(isBotSender)).toContain(botAnswer);
      },
    },
  },
});
