import { type FlowModel, failingOrNotOffered, oneOf } from '../../../machines/model';
import {
  type WaitingCountContext,
  waitingCountMachine,
} from '../../../machines/root/waitingCount/waitingCount.machine';
import { demoSession } from './chatHistory.flowModel';

export const waitingCountModel: FlowModel = {
  id: 'waitingCount',
  machine: waitingCountMachine,
  events: [
    // The bot hands the demo's newest conversation off; what the app's live connection says of itself.
    {
      type: 'live.handling',
      sessionId: demoSession.id,
      handling: { by: 'waiting', reason: 'askedForPerson', since: '2026-11-24T10:00:00.000Z' },
    },
    { type: 'live.catchUp' },
    { type: 'live.status', status: 'open' },
    // A server without the stream.
    { type: 'live.status', status: 'unavailable' },
  ],
  outputs: { getWaitingCount: oneOf({ count: 0 }, { count: 2 }) },
  errors: { getWaitingCount: failingOrNotOffered('getWaitingCount') },
  serialize: ({ context }) => [(context as WaitingCountContext).count],
};
