import { DEMO_OWNER } from '../../../../mocks/seed';
import {
  GETTING_STARTED_STEPS,
  type GettingStartedContext,
  type GettingStartedProgress,
  gettingStartedMachine,
} from '../../../machines/dashboard/gettingStarted.machine';
import { type FlowModel, oneOf } from '../../../machines/model';

/** A new account: nothing done yet. */
export const nothingDone: GettingStartedProgress = {
  bot: false,
  test: false,
  number: false,
  conversation: false,
};
/** A bot created and tested, no number yet. */
export const halfway: GettingStartedProgress = { bot: true, test: true, number: false, conversation: false };
/** Everything done. */
export const allDone: GettingStartedProgress = { bot: true, test: true, number: true, conversation: true };

/**
 * The first run's checklist: a new account (or one halfway), or one that has done everything already; a
 * returning user (the list finished or put away before) never sees it.
 */
export const gettingStartedModel: FlowModel<{ userId: string; returning?: boolean }> = {
  id: 'gettingStarted',
  machine: gettingStartedMachine,
  input: { userId: DEMO_OWNER.id, returning: false },
  inputs: [{ userId: DEMO_OWNER.id, returning: true }],
  events: [{ type: 'gettingStarted.dismissed' }, { type: 'gettingStarted.reload' }],
  outputs: {
    loadProgress: oneOf(nothingDone, halfway, allDone),
    reloadProgress: oneOf(halfway, allDone),
  },
  serialize: ({ context }) => {
    const c = context as GettingStartedContext;
    return [c.returning, c.progress && GETTING_STARTED_STEPS.map((step) => c.progress?.[step])];
  },
};
