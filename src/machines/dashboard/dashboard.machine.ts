import { enqueueActions, sendTo, setup } from 'xstate';
import { lazyActor } from '../lazyActor';
import { listenToSystem, SYSTEM_IDS } from '../system';
import { gettingStartedMachine } from './gettingStarted.machine';
import { PANEL_IDS, PANELS } from './panels';
import { trendsMachine } from './trends.machine';

export type DashboardEvent =
  /** Reload every panel, the trends and the hand-offs; each keeps what it shows until its answer arrives. */
  | { type: 'dashboard.refresh' }
  /** A number went offline or online (a live event): the active instances are counted again, nothing else. */
  | { type: 'instances.changed' };

/**
 * The dashboard screen: its five panels run here as children, each under its id (panels.ts), and each loads,
 * fails and retries on its own; so do the trends (trends.machine.ts), under `trends`, and the first run's
 * checklist (gettingStarted.machine.ts), under `gettingStarted`; and the hand-off figures (handoffs.machine.ts),
 * under `handoffs`, through a stand-in that loads their code. A refresh reloads them all; a change of the
 * instances reloads only their count.
 */
export const dashboardMachine = setup({
  types: {
    events: {} as DashboardEvent,
    context: {} as { userId: string | null },
    input: {} as { userId?: string | null } | undefined,
  },
  actors: {
    ...PANELS,
    trends: trendsMachine,
    gettingStarted: gettingStartedMachine,
    // An extension's figure: its machine, call and schema load when the screen starts, outside the route's
    // eager code (its size budget).
    handoffs: lazyActor(
      () => import('./handoffs.machine').then((m) => m.handoffsMachine),
      'the hand-off figures',
    ),
    // The app's instance watch says when a number went offline or online.
    instanceChanges: listenToSystem(SYSTEM_IDS.instanceWatch, 'instances.changed'),
  },
  actions: {
    reloadPanels: enqueueActions(({ enqueue }) => {
      for (const panel of PANEL_IDS) enqueue.sendTo(panel, { type: 'resource.reload' });
      enqueue.sendTo('trends', { type: 'trends.reload' });
      enqueue.sendTo('gettingStarted', { type: 'gettingStarted.reload' });
      enqueue.sendTo('handoffs', { type: 'handoffs.reload' });
    }),
    reloadActiveInstances: sendTo('activeInstances', { type: 'resource.reload' }),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({ userId: input?.userId ?? null }),
  invoke: [
    { id: 'activeInstances', src: 'activeInstances' },
    { id: 'messages', src: 'messages' },
    { id: 'activeBots', src: 'activeBots' },
    { id: 'whatsappUsers', src: 'whatsappUsers' },
    { id: 'activity', src: 'activity' },
    { id: 'trends', src: 'trends' },
    { id: 'gettingStarted', src: 'gettingStarted', input: ({ context }) => ({ userId: context.userId }) },
    { id: 'handoffs', src: 'handoffs' },
    { id: 'instanceChanges', src: 'instanceChanges' },
  ],
  on: {
    'dashboard.refresh': { actions: 'reloadPanels' },
    'instances.changed': { actions: 'reloadActiveInstances' },
  },
});
