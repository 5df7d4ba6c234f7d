import { enqueueActions, setup } from 'xstate';
import { PANEL_IDS, PANELS } from './panels';

export type DashboardEvent =
  /** Reload every panel; each keeps what it shows until its answer arrives. */
  { type: 'dashboard.refresh' };

/**
 * The dashboard screen: its five panels run here as children, each under its id (panels.ts), and each loads,
 * fails and retries on its own. A refresh reloads them all.
 */
export const dashboardMachine = setup({
  types: { events: {} as DashboardEvent },
  actors: PANELS,
  actions: {
    reloadPanels: enqueueActions(({ enqueue }) => {
      for (const panel of PANEL_IDS) enqueue.sendTo(panel, { type: 'resource.reload' });
    }),
  },
}).createMachine({
  id: 'dashboard',
  invoke: [
    { id: 'activeInstances', src: 'activeInstances' },
    { id: 'messages', src: 'messages' },
    { id: 'activeBots', src: 'activeBots' },
    { id: 'whatsappUsers', src: 'whatsappUsers' },
    { id: 'activity', src: 'activity' },
  ],
  on: { 'dashboard.refresh': { actions: 'reloadPanels' } },
});
