import { HttpResponse } from 'msw';
import type { ChatMessage, ChatSession } from '../../src/api/schemas/chatSessions';
import type { LiveEvent, LiveInstance } from '../../src/api/schemas/live';
import { isoNow } from '../clock';
import { botTakesTurn } from '../customers';
import { type ChatMessageRecord, db, newId, notifyDbChanged } from '../db';
import { sessionRecords } from '../fixtures';
import { plainMessage } from './chatSessions';
import { authedRoute } from './common';

/*
 * The app's live events (issue 17): GET /events/stream is a server-sent event stream of the signed-in user's
 * new conversations, new messages and instances whose status changed, with a heartbeat (`{"type":"ping"}`)
 * as soon as it opens and every PING_INTERVAL_MS. Whatever it tells is stored first (the session search and
 * GET /chat-session/{id}/messages agree with it).
 *
 * In the browser (the demo), while a stream is open, customers write: every 20-40 s (a fixed sequence, read
 * through the page's timers, so a test holding the page clock decides when) a customer writes in one of the
 * user's recent conversations or starts a new one, and the bot answers a few seconds later. In Node (tests,
 * the Pact verification) nothing happens by itself: fixtures (givenLiveMessage, givenInstanceStatus) make it.
 */

export const PING_INTERVAL_MS = 15_000;
/** Seconds between customer messages, in turn: uneven, like real traffic. */
export const TRICKLE_DELAYS_S = [20, 34, 26, 40, 23, 31, 37, 28] as const;
/** Seconds before the bot answers, in turn. */
export const REPLY_DELAYS_S = [4, 6, 3, 5] as const;

const isNode = () =>
  typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';

/**
 * Whether open streams send a heartbeat every PING_INTERVAL_MS: in the browser's demo and in the standalone
 * mock server (mocks/serve.ts), as a real server does; not in tests, which hold their own clocks.
 */
export const liveHeartbeat = { on: !isNode() };

type Listener = (event: LiveEvent) => void;
interface Channel {
  listeners: Set<Listener>;
  /** Set by givenNextLiveStream: events held for the next stream, which then tells them and ends. */
  held: LiveEvent[] | null;
  /** The trickle's timers while a stream is open (browser only). */
  timers: Set<ReturnType<typeof setTimeout>>;
  turn: number;
  /** The conversation the script's regular customer writes in. */
  regular?: string;
}

// Kept beside the current db: resetDb swaps its collections, which drops these with them.
const channelsByDb = new WeakMap<object, Map<string, Channel>>();
function channel(ownerId: string): Channel {
  let channels = channelsByDb.get(db.users);
  if (!channels) {
    channels = new Map();
    channelsByDb.set(db.users, channels);
  }
  let c = channels.get(ownerId);
  if (!c) {
    c = { listeners: new Set(), held: null, timers: new Set(), turn: 0 };
    channels.set(ownerId, c);
  }
  return c;
}

/** Tells `event` to every open stream of the user (or holds it for the next one; see givenNextLiveStream). */
export function publishLive(ownerId: string, event: LiveEvent): void {
  const c = channel(ownerId);
  if (c.listeners.size === 0 && c.held) c.held.push(event);
  for (const listener of c.listeners) listener(event);
}

/** Streams open for the user now (tests prove a left screen closed its stream). */
export const openLiveStreams = (ownerId: string) => channel(ownerId).listeners.size;

/**
 * For tests and provider states: the user's next stream tells what happens until it opens (normally missed,
 * as a stream has no memory), then ends, as a server ends a connection it has held long enough.
 */
export function givenNextLiveStream(ownerId: string): void {
  channel(ownerId).held = [];
}

const toSession = ({ ownerId: _o, ...session }: ReturnType<typeof sessionRecords>['session']): ChatSession =>
  session;

export interface LiveMessage {
  /**
   * An existing session of the user. Without one, the message continues the user's newest conversation with
   * `fromNumber` (a contact writing again), or starts one.
   */
  sessionId?: string;
  fromNumber?: string;
  content: string;
  /** 'user' (a customer, the default), 'assistant' (the bot) or 'person' (the team; beyond the spec). */
  sender?: string;
  /** A person's message sent from the WhatsApp phone itself (beyond the spec). */
  fromPhone?: boolean;
  id?: string;
  sentAt?: string;
}

/**
 * A message arriving now, stored and told: in `sessionId`, in the newest conversation with `fromNumber`, or
 * in a new session (told first as a session, its first message as the preview, as search answers it).
 * Unknown or another user's session: a new one.
 */
export async function givenLiveMessage(ownerId: string, given: LiveMessage): Promise<ChatMessage> {
  const sentAt = given.sentAt ?? isoNow();
  const existing = given.sessionId
    ? db.chatSessions.findFirst((q) => q.where((s) => s.id === given.sessionId && s.ownerId === ownerId))
    : given.fromNumber
      ? newestWith(ownerId, given.fromNumber)
      : undefined;
  let sessionId = existing?.id;
  let newSession: ChatSession | null = null;
  const message: ChatMessageRecord = {
    id: given.id ?? newId('msg'),
    content: given.content,
    sender: given.sender ?? 'user',
    sentAt,
    ...(given.fromPhone ? { fromPhone: true } : {}),
    sessionId: '',
    ownerId,
  };
  if (!sessionId) {
    const built = sessionRecords(ownerId, {
      ...(given.sessionId ? { id: given.sessionId } : {}),
      fromNumber: given.fromNumber ?? '8613800000000@c.us',
      createdAt: sentAt,
      messages: [{ id: message.id, content: message.content, sender: message.sender, sentAt }],
    });
    await db.chatSessions.create(built.session);
    sessionId = built.session.id;
    newSession = toSession(built.session);
  } else if (existing && existing.messages.length === 0) {
    // The first message of a session is its preview.
    await db.chatSessions.update(existing, {
      data(s) {
        s.messages = [plainMessage({ ...message, sessionId: existing.id })];
      },
    });
  }
  const stored = { ...message, sessionId };
  await db.chatMessages.create(stored);
  notifyDbChanged();
  if (newSession) publishLive(ownerId, { type: 'session', session: newSession });
  const told = plainMessage(stored);
  publishLive(ownerId, { type: 'message', sessionId, message: told });
  return told;
}

/** The user's newest conversation with a contact, which the contact's next message continues. */
const newestWith = (ownerId: string, fromNumber: string) =>
  db.chatSessions
    .findMany((q) => q.where((s) => s.ownerId === ownerId && s.fromNumber === fromNumber))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];

export type InstanceStatusName = 'online' | 'offline';

/**
 * An instance's phone goes online or offline now (the engine's report): stored, and told to its owner's
 * streams. For tests, provider states and the demo's QA tools. Unknown id: nothing happens (false).
 */
export async function givenInstanceStatus(instanceId: string, status: InstanceStatusName): Promise<boolean> {
  const record = db.instances.findFirst((q) => q.where((i) => i.id === instanceId));
  if (!record) return false;
  const online = status === 'online';
  await db.instances.update(record, {
    data(i) {
      i.status = online ? 1 : 0;
      i.instanceStatus = online ? 'ready' : 'disconnected';
      if (online) i.lastActiveAt = isoNow();
    },
  });
  notifyDbChanged();
  const instance: LiveInstance = { id: record.id, name: record.instanceName, status: online ? 1 : 0 };
  publishLive(record.ownerId, { type: 'instance', instance });
  return true;
}

/*
 * The trickle's script: what customers write and what the bot answers, in the seed's voice (mostly English,
 * some Chinese from mainland and Hong Kong numbers). `to: 'regular'` continues the conversation that was the
 * user's newest when customers started writing (a customer with follow-up questions); `to: 'new'` is a
 * contact writing from `from`: a new conversation, or their newest one continued.
 */
interface Exchange {
  to: 'regular' | 'new';
  from?: string;
  customer: string;
  /** The bot's scripted answer; none where the customer asks for a person (the bot hands off). */
  bot?: string;
}
export const TRICKLE_SCRIPT: readonly Exchange[] = [
  {
    to: 'regular',
    customer: 'Sorry, one more thing: can the parcel be left with the concierge?',
    bot: 'Of course. I have added a note for the courier to leave it with the concierge.',
  },
  {
    to: 'new',
    from: '8613912345678@c.us',
    customer: '你好，请问这款保温杯有蓝色的吗？',
    bot: '您好！蓝色款目前有货，今天下单明天发货。',
  },
  {
    to: 'new',
    from: '6598765432@c.us',
    customer: 'Hello, I would like to talk to a person about a bulk order for our office, please.',
  },
  {
    to: 'regular',
    customer: 'Is there a discount if I order three?',
    bot: 'Yes: orders of three or more items get 10% off automatically at checkout.',
  },
  {
    to: 'new',
    from: '447700900123@c.us',
    customer: 'Hi, I received the wrong size. How do I exchange it?',
    bot: 'Sorry about that! Exchanges are free within 30 days. I have sent you a return label by e-mail.',
  },
  {
    to: 'new',
    from: '85291234567@c.us',
    customer: '請問可以送貨到香港嗎？',
    bot: '可以的！香港地區一般 2 至 3 個工作天送達。',
  },
  {
    to: 'regular',
    customer: 'Thanks, that was quick!',
    bot: 'You are welcome! Is there anything else I can help you with?',
  },
];

/** A number the session list shows (spec section 5: no newsletters, not the placeholder). */
export const isVisibleNumber = (fromNumber: string) =>
  !fromNumber.includes('@newsletter') && fromNumber !== '0@c.us';

/** The user's newest visible conversation when customers started writing: the regular keeps writing there. */
function regularSession(ownerId: string, c: Channel): string | undefined {
  if (c.regular && db.chatSessions.findFirst((q) => q.where((s) => s.id === c.regular))) return c.regular;
  c.regular = db.chatSessions
    .findMany((q) => q.where((s) => s.ownerId === ownerId && isVisibleNumber(s.fromNumber)))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0]?.id;
  return c.regular;
}

function schedule(c: Channel, ms: number, run: () => void) {
  const timer = setTimeout(() => {
    c.timers.delete(timer);
    run();
  }, ms);
  c.timers.add(timer);
}

/**
 * The next customer message after its pause, then the bot's answer after its own; then the next one, once
 * through the script (a second round would have the same customers say the same things again).
 */
function trickle(ownerId: string, c: Channel) {
  const turn = c.turn;
  const exchange = TRICKLE_SCRIPT[turn];
  if (!exchange) return;
  const wait = (TRICKLE_DELAYS_S[turn % TRICKLE_DELAYS_S.length] ?? 30) * 1000;
  schedule(c, wait, () => {
    c.turn += 1;
    const regular = exchange.to === 'regular' ? regularSession(ownerId, c) : undefined;
    void givenLiveMessage(ownerId, {
      ...(regular ? { sessionId: regular } : { fromNumber: exchange.from }),
      content: exchange.customer,
    }).then((message) => {
      const sessionId = regular ?? sessionOf(message.id);
      const reply = (REPLY_DELAYS_S[turn % REPLY_DELAYS_S.length] ?? 4) * 1000;
      // The bot's turn as it comes: quiet if a person has the conversation, a hand-off if asked for one.
      schedule(c, reply, () => {
        if (sessionId) void botTakesTurn(ownerId, sessionId, exchange.bot);
      });
    });
    trickle(ownerId, c);
  });
}

const sessionOf = (messageId: string) =>
  db.chatMessages.findFirst((q) => q.where((m) => m.id === messageId))?.sessionId;

/** Local storage `influx-demo-customers: quiet` keeps the demo's customers from writing in (for tests). */
function customersQuiet(): boolean {
  try {
    return localStorage.getItem('influx-demo-customers') === 'quiet';
  } catch {
    return false;
  }
}

function startTrickle(ownerId: string, c: Channel) {
  if (isNode() || customersQuiet() || c.timers.size > 0) return;
  trickle(ownerId, c);
}

function stopTrickle(c: Channel) {
  for (const timer of c.timers) clearTimeout(timer);
  c.timers.clear();
}

const encoder = new TextEncoder();
const line = (event: LiveEvent) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`);

function streamOf(ownerId: string): ReadableStream<Uint8Array> {
  const c = channel(ownerId);
  let listener: Listener | null = null;
  let ping: ReturnType<typeof setInterval> | null = null;
  const close = () => {
    if (listener) c.listeners.delete(listener);
    listener = null;
    if (ping) clearInterval(ping);
    ping = null;
    // The last stream of the user closed: customers stop writing (nobody would see them live).
    if (c.listeners.size === 0) stopTrickle(c);
  };
  return new ReadableStream({
    start(controller) {
      controller.enqueue(line({ type: 'ping' }));
      const held = c.held;
      if (held) {
        // A stream that tells what it held, then ends (see givenNextLiveStream).
        c.held = null;
        for (const event of held) controller.enqueue(line(event));
        controller.close();
        return;
      }
      // A stream the app has left without saying so (its reader gone) refuses more: it is closed here.
      const send = (event: LiveEvent) => {
        try {
          controller.enqueue(line(event));
        } catch {
          close();
        }
      };
      listener = send;
      c.listeners.add(listener);
      if (liveHeartbeat.on) ping = setInterval(() => send({ type: 'ping' }), PING_INTERVAL_MS);
      startTrickle(ownerId, c);
    },
    cancel() {
      // The app closed the stream (a left screen, a reconnect): this user's listener and timers go.
      close();
    },
  });
}

export const liveHandlers = [
  authedRoute(
    'get',
    '/events/stream',
    ({ user }) =>
      new HttpResponse(streamOf(user.id), {
        headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
      }),
  ),
];
