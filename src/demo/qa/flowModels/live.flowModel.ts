import { type LiveContext, type LiveInput, liveMachine } from '../../../machines/chatHistory/live.machine';
import type { FlowModel } from '../../../machines/model';
import type { LiveNews } from '../../../machines/root/liveConnection/liveConnection.machine';
import { liveMessage, liveSession, orderId } from './liveConnection.flowModel';

export { liveMessage, liveSession };

/** What the app's live connection may tell the chat history's live updates. */
const news: LiveNews[] = [
  { type: 'live.status', status: 'connecting' },
  { type: 'live.status', status: 'open' },
  { type: 'live.status', status: 'down', retryInMs: 5_000 },
  { type: 'live.status', status: 'unavailable' },
  { type: 'live.catchUp' },
  { type: 'live.message', sessionId: orderId, message: liveMessage },
  { type: 'live.session', session: liveSession },
  {
    type: 'live.handling',
    sessionId: orderId,
    handling: { by: 'waiting', reason: 'askedForPerson', since: '2026-11-24T10:00:00.000Z' },
  },
  // The instance watch's business, not the chat history's.
  { type: 'live.instance', instance: { id: 'inst-1', name: 'Front desk', status: 0 } },
];

export const liveModel: FlowModel<LiveInput | undefined> = {
  id: 'live',
  machine: liveMachine,
  input: { watched: orderId },
  inputs: [undefined],
  events: [{ type: 'live.watched', sessionId: orderId }, { type: 'live.watched', sessionId: null }, ...news],
  outputs: { poll: { sessions: [liveSession], messages: [liveMessage] } },
  // The open conversation and whether a notice shows; its text follows the state.
  serialize: ({ context }) => {
    const c = context as LiveContext;
    return [c.watched, c.notice !== null];
  },
};
