import { DEMO_BOTS } from '../../../../mocks/seed';
import { ApiError } from '../../../api/errors';
import {
  type PromptOptimizerContext,
  promptOptimizerMachine,
} from '../../../machines/botSettings/promptOptimizer/promptOptimizer.machine';
import { type FlowModel, failingOrNotOffered } from '../../../machines/model';

const endpoint = 'GET /chatbots/prompt-optimizations/opt-1/stream';

/** The server's error line, as the streaming helper reports it. */
export const streamErrorLine = new ApiError({
  kind: 'http',
  endpoint,
  message: 'The AI service is overloaded. Please try again in a minute.',
});
/** A connection that broke (or ended) before the answer was complete. */
export const streamDropped = new ApiError({
  kind: 'network',
  endpoint,
  message: 'The stream ended before the answer was complete',
});

export const promptOptimizerModel: FlowModel = {
  id: 'promptOptimizer',
  // The demo's Ava (mocks/seed.ts): the prompt the bot editor opens with.
  machine: promptOptimizerMachine,
  events: [
    { type: 'optimise.started', prompt: DEMO_BOTS.ava.prompt },
    { type: 'optimise.started', prompt: ' \n ' },
    { type: 'optimise.stopped' },
    { type: 'optimise.applied' },
    { type: 'optimise.discarded' },
    { type: 'stream.delta', text: '## Role\nYou are Ava' },
    { type: 'stream.finished' },
    { type: 'stream.failed', error: streamErrorLine },
    { type: 'stream.failed', error: streamDropped },
  ],
  outputs: { create: { id: 'opt-1' } },
  errors: { create: failingOrNotOffered('create') },
  // Text only as there or not; the failure by what it says.
  serialize: ({ context }) => {
    const c = context as PromptOptimizerContext;
    return [c.original !== '', c.id, c.text !== '', c.error?.message.id ?? null, c.error?.detail ?? null];
  },
};
