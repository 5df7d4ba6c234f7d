import type { HandoffFigures } from '../../../api/schemas/dashboardHandoffs';
import { handoffsMachine } from '../../../machines/dashboard/handoffs.machine';
import { type FlowModel, failingOrNotOffered } from '../../../machines/model';

/** The demo's day: 3 hand-offs (yesterday 4), a person first replying in 4 minutes at the median. */
export const sampleHandoffs: HandoffFigures = { today: 3, yesterday: 4, medianFirstReplySeconds: 240 };

/**
 * The dashboard's hand-off figure: it loads, is reloaded by the dashboard's refresh, fails and is retried, or
 * finds the server without the call.
 */
export const handoffsModel: FlowModel = {
  id: 'handoffs',
  machine: handoffsMachine,
  events: [{ type: 'handoffs.retry' }, { type: 'handoffs.reload' }],
  outputs: { load: sampleHandoffs },
  errors: { load: failingOrNotOffered('load') },
  serialize: ({ context: c }) => [c.data !== null, c.error !== null],
};
