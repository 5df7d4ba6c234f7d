import type { FlowModel } from '../model';
import { dashboardMachine, PANELS } from './dashboard.machine';

export const dashboardModel: FlowModel = {
  id: 'dashboard',
  machine: dashboardMachine,
  events: [...PANELS.map((panel) => ({ type: 'panel.retry', panel })), { type: 'dashboard.refresh' }],
  outputs: {
    activeInstances: { count: 1 },
    messages: { countsOfToday: 15, countsOfYesterday: 10 },
    activeBots: { count: 3 },
    whatsappUsers: { countsOfToday: 4, countsOfYesterday: 0 },
    activity: [
      {
        createdAt: '2026-11-22T08:05:00.000Z',
        description: 'New instance bound: Front desk',
        type: 'instance_bound',
      },
    ],
  },
  // The panels' states are what matter; their data is fixed by the outputs above.
  serialize: () => null,
};
