import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ActorRefFrom, assign, createActor, fromPromise, SimulatedClock, setup } from 'xstate';
import { settle } from '../../../../tests/appSystem';
import { installMemoryStorage, type MemoryStorage } from '../../../../tests/memoryStorage';
import { ApiError } from '../../../api/errors';
import type { ChatMessage } from '../../../api/schemas/chatSessions';
import type { Handling, PauseMinutes } from '../../../api/schemas/handling';
import {
  conversationHandlingMachine,
  type HandlingParentEvent,
  pauseLeftMs,
} from './conversationHandling.machine';

const NOW = Date.parse('2026-11-19T15:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();
const MIN = 60_000;
const person = (until: number | null): Handling => ({
  by: 'person',
  name: 'mei',
  reason: 'takenOver',
  since: at(NOW),
  until: until === null ? null : at(until),
});
const sent: ChatMessage = {
  id: 'm-1',
  content: 'On its way!',
  sender: 'person',
  sentAt: at(NOW),
  senderName: 'mei',
};
const notOffered = () => new ApiError({ kind: 'http', status: 404, endpoint: 'x', message: 'Cannot POST' });
const serverDown = () => new ApiError({ kind: 'http', status: 500, endpoint: 'x', message: 'Server down' });

interface Calls {
  takeOver?: (minutes: PauseMinutes) => Promise<Handling>;
  handBack?: () => Promise<Handling>;
  reply?: (content: string) => Promise<ChatMessage>;
}

/** The handling as the chat history runs it (a child whose news the parent records), with its calls stubbed. */
function started(handling: Handling | null, calls: Calls = {}, draft?: string) {
  const clock = new SimulatedClock();
  const takeOver = vi.fn(
    calls.takeOver ?? (async (m: PauseMinutes) => person(m === null ? null : NOW + m * MIN)),
  );
  const handBack = vi.fn(calls.handBack ?? (async (): Promise<Handling> => ({ by: 'bot' })));
  const reply = vi.fn(calls.reply ?? (async () => sent));
  const logic = conversationHandlingMachine.provide({
    actors: {
      takeOver: fromPromise(({ input }) => takeOver(input.minutes)),
      handBack: fromPromise(() => handBack()),
      reply: fromPromise(({ input }) => reply(input.content)),
    },
  });
  const parent = setup({
    types: { context: {} as { told: HandlingParentEvent[] }, events: {} as HandlingParentEvent },
    actors: { handling: logic },
  }).createMachine({
    context: { told: [] },
    invoke: { id: 'handling', src: 'handling', input: { sessionId: 's-1', handling, draft } },
    on: {
      '*': { actions: assign({ told: ({ context, event }) => [...context.told, event] }) },
    },
  });
  const history = createActor(parent, { clock }).start();
  const child = history.getSnapshot().children.handling as ActorRefFrom<typeof logic>;
  const snap = () => child.getSnapshot();
  return { child, snap, clock, told: () => history.getSnapshot().context.told, takeOver, handBack, reply };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('who handles the open conversation', () => {
  it('starts as the server tells it: a person’s, the bot’s, waiting (the bot’s until taken), or none told', () => {
    expect(started(person(null)).snap().hasTag('person')).toBe(true);
    expect(started({ by: 'bot' }).snap().hasTag('bot')).toBe(true);
    expect(
      started({ by: 'waiting', reason: 'askedForPerson', since: at(NOW) })
        .snap()
        .hasTag('bot'),
    ).toBe(true);
    const untold = started(null).snap();
    expect(untold.hasTag('bot')).toBe(true);
    expect(untold.context.handling).toEqual({ by: 'bot' });
  });

  it('takes it over for the pause chosen, tells the chat history, and gives it back to the bot when the pause ends', async () => {
    const t = started({ by: 'bot' });
    t.child.send({ type: 'takeOver', minutes: 120 });
    expect(t.snap().hasTag('busy')).toBe(true);
    await settle();
    expect(t.takeOver).toHaveBeenCalledWith(120);
    expect(t.snap().hasTag('person')).toBe(true);
    expect(t.told()).toEqual([
      { type: 'handling.changed', sessionId: 's-1', handling: person(NOW + 120 * MIN) },
    ]);
    vi.setSystemTime(NOW + 119 * MIN);
    t.clock.increment(119 * MIN);
    expect(t.snap().hasTag('person')).toBe(true);
    vi.setSystemTime(NOW + 120 * MIN);
    t.clock.increment(MIN);
    expect(t.snap().hasTag('bot')).toBe(true);
    expect(t.told().at(-1)).toEqual({ type: 'handling.changed', sessionId: 's-1', handling: { by: 'bot' } });
  });

  it('keeps a pause "until I hand back" however long, and hands back', async () => {
    const t = started(person(null));
    t.clock.increment(48 * 60 * MIN);
    expect(t.snap().hasTag('person')).toBe(true);
    t.child.send({ type: 'handBack' });
    await settle();
    expect(t.handBack).toHaveBeenCalledTimes(1);
    expect(t.snap().hasTag('bot')).toBe(true);
    expect(t.told()).toEqual([{ type: 'handling.changed', sessionId: 's-1', handling: { by: 'bot' } }]);
  });

  it('says why a take-over or a hand-back failed and stays as it was', async () => {
    const t = started(
      { by: 'bot' },
      {
        takeOver: async () => Promise.reject(serverDown()),
        handBack: async () => Promise.reject(serverDown()),
      },
    );
    t.child.send({ type: 'takeOver', minutes: 30 });
    await settle();
    expect(t.snap().hasTag('bot')).toBe(true);
    expect(t.snap().context.error).toBe('Server down');
    const p = started(person(null), { handBack: async () => Promise.reject(serverDown()) });
    p.child.send({ type: 'handBack' });
    await settle();
    expect(p.snap().hasTag('person')).toBe(true);
    expect(p.snap().context.error).toBe('Server down');
    expect(p.told()).toEqual([]);
  });

  it('steps aside quietly on a server that does not offer it: no error, nothing to retry', async () => {
    const t = started({ by: 'bot' }, { takeOver: async () => Promise.reject(notOffered()) });
    t.child.send({ type: 'takeOver', minutes: 30 });
    await settle();
    expect(t.snap().hasTag('notOffered')).toBe(true);
    expect(t.snap().context.error).toBeNull();
    expect(t.snap().can({ type: 'takeOver', minutes: 30 })).toBe(false);
  });

  it('follows what the server tells: another end of the pause, or the bot’s again', () => {
    const t = started(person(NOW + 30 * MIN));
    t.child.send({ type: 'handling.told', handling: person(NOW + 120 * MIN) });
    vi.setSystemTime(NOW + 30 * MIN);
    t.clock.increment(30 * MIN);
    expect(t.snap().hasTag('person')).toBe(true);
    t.child.send({ type: 'handling.told', handling: { by: 'bot' } });
    expect(t.snap().hasTag('bot')).toBe(true);
    t.child.send({ type: 'handling.told', handling: person(null) });
    expect(t.snap().hasTag('person')).toBe(true);
  });
});

describe('a person’s reply', () => {
  it('sends what was typed, trimmed, tells the chat history, and clears the box', async () => {
    const t = started(person(null));
    expect(t.snap().can({ type: 'reply.send' })).toBe(false);
    t.child.send({ type: 'reply.changed', text: '   ' });
    expect(t.snap().can({ type: 'reply.send' })).toBe(false);
    t.child.send({ type: 'reply.changed', text: '  On its way!  ' });
    t.child.send({ type: 'reply.send' });
    expect(t.snap().hasTag('sending')).toBe(true);
    await settle();
    expect(t.reply).toHaveBeenCalledWith('On its way!');
    expect(t.snap().context.draft).toBe('');
    expect(t.told()).toEqual([{ type: 'reply.sent', sessionId: 's-1', message: sent }]);
    // Said as sent until the person writes again; what they write is the new draft.
    expect(t.snap().hasTag('sent')).toBe(true);
    t.child.send({ type: 'reply.changed', text: 'A' });
    expect(t.snap().hasTag('sent')).toBe(false);
    expect(t.snap().context.draft).toBe('A');
    t.child.send({ type: 'reply.send' });
    expect(t.snap().hasTag('sending')).toBe(true);
  });

  it('keeps the text when sending fails, says why, and sends it again', async () => {
    let fail = true;
    const t = started(person(null), {
      reply: async () => {
        if (fail) throw serverDown();
        return sent;
      },
    });
    t.child.send({ type: 'reply.changed', text: 'On its way!' });
    t.child.send({ type: 'reply.send' });
    await settle();
    expect(t.snap().hasTag('sendFailed')).toBe(true);
    expect(t.snap().context).toMatchObject({ draft: 'On its way!', error: 'Server down' });
    fail = false;
    t.child.send({ type: 'reply.send' });
    await settle();
    expect(t.snap().context).toMatchObject({ draft: '', error: null });
    expect(t.reply).toHaveBeenCalledTimes(2);
  });

  it('keeps the draft it started with, and what is typed while the bot answers (to offer a take-over)', () => {
    const t = started({ by: 'bot' }, {}, 'Half a sentence');
    expect(t.snap().context.draft).toBe('Half a sentence');
    t.child.send({ type: 'reply.changed', text: 'Half a sentence, more' });
    expect(t.snap().context.draft).toBe('Half a sentence, more');
    expect(t.snap().can({ type: 'reply.send' })).toBe(false);
  });

  it('is not cut off by news of the pause while it is being sent', async () => {
    let answer: (m: ChatMessage) => void = () => {};
    const t = started(person(null), { reply: () => new Promise((resolve) => (answer = resolve)) });
    t.child.send({ type: 'reply.changed', text: 'On its way!' });
    t.child.send({ type: 'reply.send' });
    t.child.send({ type: 'handling.told', handling: person(NOW + 30 * MIN) });
    expect(t.snap().hasTag('sending')).toBe(true);
    answer(sent);
    await settle();
    expect(t.told()).toEqual([{ type: 'reply.sent', sessionId: 's-1', message: sent }]);
  });
});

describe('a draft', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = installMemoryStorage();
  });
  afterEach(() => storage.clear());

  it('outlives leaving and coming back (a new start), and is forgotten once sent', async () => {
    const first = started(person(null));
    first.child.send({ type: 'reply.changed', text: 'Half a sentence' });
    const again = started(person(null));
    expect(again.snap().context.draft).toBe('Half a sentence');
    again.child.send({ type: 'reply.send' });
    await settle();
    expect(started(person(null)).snap().context.draft).toBe('');
  });
});

describe('the pause left', () => {
  it('counts down to the end, never below zero, and is none without an end or a person', () => {
    expect(pauseLeftMs(person(NOW + 90 * MIN), NOW)).toBe(90 * MIN);
    expect(pauseLeftMs(person(NOW - MIN), NOW)).toBe(0);
    expect(pauseLeftMs(person(null), NOW)).toBeNull();
    expect(pauseLeftMs({ by: 'bot' }, NOW)).toBeNull();
  });
});
