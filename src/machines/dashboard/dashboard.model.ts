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
    // Entries as the demo writes them (mocks/seed.ts).
    activity: [
      {
        createdAt: '2026-11-21T21:55:00.000Z',
        description: 'Knowledge base updated for Nova – Tech Support: 2 files',
        type: 'knowledge_updated',
      },
      {
        createdAt: '2026-11-21T13:04:00.000Z',
        description: 'New instance bound: Main support line (+1 415 555 0123)',
        type: 'instance_bound',
      },
    ],
  },
  // The panels' states are what matter; their data is fixed by the outputs above.
  serialize: () => null,
};
