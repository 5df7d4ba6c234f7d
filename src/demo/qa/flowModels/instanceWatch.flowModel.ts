import { type FlowModel, oneOf } from '../../../machines/model';
import {
  type InstanceWatchContext,
  instanceWatchMachine,
} from '../../../machines/root/instanceWatch/instanceWatch.machine';
import { mainLine } from './botDelete.flowModel';

const live = (status: number, name?: string) => ({
  type: 'live.instance',
  instance: { id: mainLine.id, status, ...(name ? { name } : {}) },
});

export const instanceWatchModel: FlowModel = {
  id: 'instanceWatch',
  machine: instanceWatchMachine,
  events: [
    // The demo's main line goes offline, comes back, or is reported again as it is.
    live(0),
    live(1),
    // A number the list did not have, first heard of as offline.
    { type: 'live.instance', instance: { id: 'instance-new', name: 'New line', status: 0 } },
    // What the app's live connection says of itself.
    { type: 'live.catchUp' },
    { type: 'live.status', status: 'open' },
    { type: 'live.status', status: 'down', retryInMs: 5_000 },
    // A server without the stream.
    { type: 'live.status', status: 'unavailable' },
  ],
  outputs: {
    // The list with the main line online, or offline.
    listInstances: oneOf([mainLine], [{ ...mainLine, status: 0 }]),
  },
  serialize: ({ context }) => {
    const c = context as InstanceWatchContext;
    return [Object.entries(c.instances).map(([id, i]) => `${id}:${i.online}`)];
  },
};
