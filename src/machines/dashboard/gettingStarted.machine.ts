import { assign, setup } from 'xstate';
import { listChatbots, listUserChatbots } from '../../api/chatbots';
import { getWhatsappUserComparison } from '../../api/dashboard';
import { listInstances } from '../../api/instances';
import { CONNECTED_STATUSES } from '../../api/schemas/instances';
import { readStored, writeStored } from '../../api/storage';
import { testThreadName } from '../botSettings/testChat/thread';
import { fromRequest } from '../request';

/** The first run's steps, in order: each links to its screen and ticks itself once done. */
export const GETTING_STARTED_STEPS = ['bot', 'test', 'number', 'conversation'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];
export type GettingStartedProgress = Record<GettingStartedStep, boolean>;

/** Where the list went for this user in this browser: finished or put away, it does not come back. */
export const gettingStartedName = (userId: string | null) => `getting-started-${userId ?? 'anonymous'}`;
type Closed = 'done' | 'dismissed';
const closedFor = (userId: string | null): Closed | null => {
  const stored = readStored(gettingStartedName(userId));
  return stored === 'done' || stored === 'dismissed' ? stored : null;
};

export const isComplete = (progress: GettingStartedProgress) =>
  GETTING_STARTED_STEPS.every((s) => progress[s]);

/**
 * What the account has done so far, from the spec's calls: a chatbot exists; one of them has answered in
 * the test chat (its thread is kept in this browser), or customers already talk to it; a number has been
 * linked (it is connected, or has been active); customers have written today or yesterday.
 */
export async function loadProgress(
  userId: string | null,
  signal: AbortSignal,
): Promise<GettingStartedProgress> {
  const [bots, instances, users] = await Promise.all([
    userId ? listUserChatbots(userId, signal) : listChatbots(signal),
    listInstances(signal),
    getWhatsappUserComparison(signal),
  ]);
  const conversation = users.countsOfToday + users.countsOfYesterday > 0;
  return {
    bot: bots.length > 0,
    // Tested here, or past testing: customers already talk to it.
    test: conversation || bots.some((bot) => readStored(testThreadName(bot.id)) !== null),
    number: instances.some(
      (i) => (CONNECTED_STATUSES as readonly string[]).includes(i.instanceStatus) || Boolean(i.lastActiveAt),
    ),
    conversation,
  };
}

export interface GettingStartedContext {
  userId: string | null;
  progress: GettingStartedProgress | null;
  /**
   * Whether the list was finished or put away before this visit: a returning user, welcomed back. Read once,
   * so the greeting does not change under the user's eyes.
   */
  returning: boolean;
}

export type GettingStartedEvent =
  | { type: 'gettingStarted.dismissed' }
  /** The dashboard's refresh: what has been done is read again. */
  | { type: 'gettingStarted.reload' };

/**
 * The first run's checklist on the dashboard (issue 30, point 25): create a bot, test it, bind a number, see
 * the first conversation. It shows while something is left to do; once everything is done, or the user puts
 * it away, it is gone for good (remembered per user in this browser). A failure to read the progress hides
 * it: it is a guide, and the dashboard's own cards say what failed.
 */
export const gettingStartedMachine = setup({
  types: {
    context: {} as GettingStartedContext,
    events: {} as GettingStartedEvent,
    /** `returning` says what this browser remembers; read from storage when left out. */
    input: {} as { userId: string | null; returning?: boolean },
  },
  actors: {
    loadProgress: fromRequest<GettingStartedProgress, { userId: string | null }>(({ input, signal }) =>
      loadProgress(input.userId, signal),
    ),
  },
  guards: {
    closedBefore: ({ context }) => context.returning,
    completeNow: ({ event }) => isComplete((event as unknown as { output: GettingStartedProgress }).output),
  },
  actions: {
    keepProgress: assign({
      progress: ({ event }) => (event as unknown as { output: GettingStartedProgress }).output,
    }),
    rememberDone: ({ context }) => writeStored(gettingStartedName(context.userId), 'done'),
    rememberDismissed: ({ context }) => writeStored(gettingStartedName(context.userId), 'dismissed'),
  },
}).createMachine({
  id: 'gettingStarted',
  context: ({ input }) => ({
    userId: input.userId,
    progress: null,
    returning: input.returning ?? closedFor(input.userId) !== null,
  }),
  initial: 'deciding',
  states: {
    /** Finished or put away before: nothing to ask. */
    deciding: {
      always: [{ guard: 'closedBefore', target: 'closed' }, { target: 'checking' }],
    },
    checking: {
      invoke: {
        id: 'loadProgress',
        src: 'loadProgress',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: [
          // Everything already done (an account older than this list): never shown, a returning user.
          {
            guard: 'completeNow',
            target: 'closed',
            actions: ['keepProgress', 'rememberDone'],
          },
          { target: 'showing', actions: 'keepProgress' },
        ],
        onError: 'hidden',
      },
    },
    showing: {
      tags: ['shown'],
      on: {
        'gettingStarted.dismissed': { target: 'closed', actions: 'rememberDismissed' },
        'gettingStarted.reload': 'reloading',
      },
    },
    /** Read again while the list stays as it was; done now, it ticks its last step and says so. */
    reloading: {
      tags: ['shown', 'loading'],
      invoke: {
        id: 'reloadProgress',
        src: 'loadProgress',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: [
          { guard: 'completeNow', target: 'finished', actions: ['keepProgress', 'rememberDone'] },
          { target: 'showing', actions: 'keepProgress' },
        ],
        onError: 'showing',
      },
      on: { 'gettingStarted.dismissed': { target: 'closed', actions: 'rememberDismissed' } },
    },
    /** Every step done while the list was on screen: it says so until put away, and never comes back. */
    finished: {
      tags: ['shown', 'finished'],
      on: { 'gettingStarted.dismissed': 'closed' },
    },
    /** The progress could not be read: nothing shown, and nothing remembered, so the next visit asks again. */
    hidden: {
      on: { 'gettingStarted.reload': 'checking' },
    },
    /** Finished or put away: nothing shows, and nothing is read again. */
    closed: {},
  },
});
