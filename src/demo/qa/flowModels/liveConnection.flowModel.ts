import { createActor, fromCallback } from 'xstate';
import { FEATURED_CONVERSATIONS } from '../../../../mocks/seed';
import { ApiError } from '../../../api/errors';
import type { ChatMessage, ChatSession } from '../../../api/schemas/chatSessions';
import { type FlowModel, notOfferedError } from '../../../machines/model';
import {
  LIVE_RETRY_DELAYS_MS,
  type LiveConnectionContext,
  liveConnectionMachine,
} from '../../../machines/root/liveConnection/liveConnection.machine';

const at = '2026-11-24T10:00:00.000Z';
export const orderId = FEATURED_CONVERSATIONS.order.id;

/** A customer writing again in the demo's order conversation (mocks/handlers/live.ts's script). */
export const liveMessage: ChatMessage = {
  id: 'msg-live-1',
  content: 'Sorry, one more thing: can the parcel be left with the concierge?',
  sender: 'user',
  sentAt: at,
};
/** A conversation that just started. */
export const liveSession: ChatSession = {
  id: 'sess-live-1',
  fromNumber: '447700900123@c.us',
  createdAt: at,
  isStarred: false,
  messages: [{ id: 'msg-live-2', content: 'Hi, I received the wrong size.', sender: 'user', sentAt: at }],
  analysis: null,
};

/** The stream broke off (as the streaming helper reports it). */
export const streamBroken = new ApiError({
  kind: 'network',
  endpoint: 'GET /events/stream',
  message: 'Network error: the server could not be reached',
});

/** A listener that asks how the connection stands (it ignores the answer). */
const asker = createActor(fromCallback(() => {})).start();

export const liveConnectionModel: FlowModel = {
  id: 'liveConnection',
  machine: liveConnectionMachine.provide({ actions: { logFailure: () => {} } }),
  events: [
    { type: 'live.ask', replyTo: asker },
    { type: 'stream.event', event: { type: 'ping' } },
    { type: 'stream.event', event: { type: 'message', sessionId: orderId, message: liveMessage } },
    { type: 'stream.event', event: { type: 'session', session: liveSession } },
    {
      type: 'stream.event',
      event: { type: 'instance', instance: { id: 'inst-1', name: 'Front desk', status: 0 } },
    },
    { type: 'stream.malformed', count: 1 },
    { type: 'stream.ended' },
    { type: 'stream.failed', error: streamBroken },
    // A server without the stream.
    { type: 'stream.failed', error: notOfferedError('GET /events/stream') },
  ],
  // Failures counted up to where the wait stops growing; the count of malformed events does not matter.
  serialize: ({ context }) => {
    const c = context as LiveConnectionContext;
    return [Math.min(c.attempt, LIVE_RETRY_DELAYS_MS.length)];
  },
};
