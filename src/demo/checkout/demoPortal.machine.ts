import { assign, fromPromise, setup } from 'xstate';
import {
  getPortal,
  type PortalSummary,
  setCancelAtPeriodEnd,
  startCardUpdate,
  switchCycle,
} from '../../../mocks/portal';
import type { ScheduleTypeCode } from '../../api/schemas/payments';
import { PATHS } from '../../machines/paths';
import { askApp } from '../../machines/system';

/*
 * The demo's stand-in for the payment provider's customer portal (Manage subscription). Like the checkout, it
 * calls the in-page mock backend, so only demo builds route to it.
 */

export type DemoPortalEvent =
  | { type: 'portal.cancelRequested' }
  | { type: 'portal.resumeRequested' }
  | { type: 'portal.cycleChosen'; scheduleType: ScheduleTypeCode }
  | { type: 'portal.cardUpdateRequested' }
  | { type: 'portal.returned' };

/** What the last change did, for the page to say. */
export type PortalChange = 'cancelled' | 'resumed' | 'switched';

export interface DemoPortalContext {
  sessionId: string | null;
  portal: PortalSummary | null;
  changed: PortalChange | null;
}

type Session = { sessionId: string };
const sessionInput = ({ context }: { context: DemoPortalContext }): Session => ({
  sessionId: context.sessionId ?? '',
});
const summaryOf = (event: unknown) => (event as { output?: PortalSummary | null }).output ?? null;

interface ChangeInput extends Session {
  change: PortalChange;
  scheduleType: ScheduleTypeCode;
}

/** The provider makes one change; its answer is the portal as it now is, null when the session went away. */
function applyChange({ sessionId, change, scheduleType }: ChangeInput) {
  if (change === 'switched') return switchCycle(sessionId, scheduleType);
  return setCancelAtPeriodEnd(sessionId, change === 'cancelled');
}

/** One change at the provider, then the portal as it now is (or, the session gone, the unknown page). */
const changing = (change: PortalChange) => ({
  tags: ['busy'],
  invoke: {
    id: 'change',
    src: 'change' as const,
    input: ({ context, event }: { context: DemoPortalContext; event: DemoPortalEvent }): ChangeInput => ({
      ...sessionInput({ context }),
      change,
      scheduleType: event.type === 'portal.cycleChosen' ? event.scheduleType : 1,
    }),
    onDone: [
      {
        guard: 'answered' as const,
        target: 'open',
        actions: { type: 'keepChange' as const, params: { changed: change } },
      },
      { target: 'unknown' },
    ],
    onError: 'open.failed',
  },
});

export const demoPortalMachine = setup({
  types: {
    context: {} as DemoPortalContext,
    events: {} as DemoPortalEvent,
    input: {} as { sessionId: string | null },
  },
  actors: {
    lookup: fromPromise<PortalSummary | null, Session>(async ({ input }) => getPortal(input.sessionId)),
    change: fromPromise<PortalSummary | null, ChangeInput>(({ input }) => applyChange(input)),
    cardUpdate: fromPromise<string | null, Session>(({ input }) => startCardUpdate(input.sessionId)),
  },
  guards: {
    hasSessionId: ({ context }) => context.sessionId !== null,
    answered: ({ event }) => summaryOf(event) !== null,
    gotSetup: ({ event }) => typeof (event as { output?: unknown }).output === 'string',
  },
  actions: {
    keepChange: assign(({ event }, params: { changed: PortalChange }) => ({
      portal: summaryOf(event),
      changed: params.changed,
    })),
    toCardForm: askApp(({ event }) => ({
      type: 'app.navigate',
      to: `${PATHS.demoCheckout}?setup_session=${encodeURIComponent((event as unknown as { output: string }).output)}`,
    })),
    /** Back to the app the way a provider's return URL leads. */
    returnToBilling: askApp({ type: 'app.navigate', to: PATHS.usageBilling, replace: true }),
  },
}).createMachine({
  id: 'demoPortal',
  context: ({ input }) => ({ sessionId: input.sessionId?.trim() || null, portal: null, changed: null }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasSessionId', target: 'loading' }, { target: 'unknown' }] },
    loading: {
      invoke: {
        id: 'lookup',
        src: 'lookup',
        input: sessionInput,
        onDone: [
          { guard: 'answered', target: 'open', actions: assign({ portal: ({ event }) => event.output }) },
          { target: 'unknown' },
        ],
        onError: 'unknown',
      },
    },
    open: {
      initial: 'ready',
      states: { ready: {}, failed: { tags: ['error'] } },
      on: {
        'portal.cancelRequested': 'cancelling',
        'portal.resumeRequested': 'resuming',
        'portal.cycleChosen': 'switching',
        'portal.cardUpdateRequested': 'updatingCard',
        'portal.returned': 'returning',
      },
    },
    cancelling: changing('cancelled'),
    resuming: changing('resumed'),
    switching: changing('switched'),
    updatingCard: {
      tags: ['busy'],
      invoke: {
        id: 'cardUpdate',
        src: 'cardUpdate',
        input: sessionInput,
        onDone: [{ guard: 'gotSetup', target: 'leaving', actions: 'toCardForm' }, { target: 'unknown' }],
        onError: 'open.failed',
      },
    },
    returning: { tags: ['busy'], entry: 'returnToBilling' },
    leaving: { tags: ['busy'] },
    unknown: {},
  },
});
