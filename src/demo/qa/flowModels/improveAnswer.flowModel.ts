import {
  type ImproveAnswerContext,
  type ImproveAnswerInput,
  improveAnswerMachine,
} from '../../../machines/botSettings/knowledge/improve/improveAnswer.machine';
import { type FlowModel, failingOrNotOffered, oneOf } from '../../../machines/model';
import { shippingEntry } from './qaKnowledge.flowModel';

const exchange = { question: 'Do you ship to Singapore?', botAnswer: 'We ship within Malaysia only.' };

export const improveAnswerModel: FlowModel<ImproveAnswerInput> = {
  id: 'improveAnswer',
  machine: improveAnswerMachine,
  // A server that does not say which bot answered: the user picks one.
  input: { ...exchange, chatbotId: null, userId: 'user-1' },
  inputs: [
    { ...exchange, chatbotId: 'bot-ava', userId: 'user-1' },
    // No user to list bots for: the draft waits for a bot it cannot get, and says so.
    { ...exchange, chatbotId: null, userId: null },
  ],
  events: [
    { type: 'draft.changed', patch: { botId: 'bot-ava' } },
    { type: 'draft.changed', patch: { answer: 'Yes, in 3 to 5 days.' } },
    { type: 'draft.changed', patch: { question: ' ' } },
    { type: 'save' },
    { type: 'retry' },
  ],
  outputs: {
    listBots: oneOf([{ id: 'bot-ava', name: 'Ava' }], []),
    save: shippingEntry,
  },
  errors: {
    listBots: failingOrNotOffered('listBots'),
    save: failingOrNotOffered('save'),
  },
  // What the dialog shows: the bot chosen or not, the bots to pick from, the draft savable, a problem said.
  serialize: ({ context: c }: { context: ImproveAnswerContext }) => [
    c.botId,
    c.bots.length,
    c.question.trim() !== '' && c.answer.trim() !== '',
    c.error !== null,
  ],
};
