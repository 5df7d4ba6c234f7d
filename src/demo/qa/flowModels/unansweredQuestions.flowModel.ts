import { ApiError } from '../../../api/errors';
import type { UnansweredGroup } from '../../../api/schemas/unanswered';
import {
  type UnansweredContext,
  unansweredQuestionsMachine,
} from '../../../machines/botSettings/knowledge/unanswered/unansweredQuestions.machine';
import { type FlowModel, failingOrNotOffered, notOfferedError, oneOf } from '../../../machines/model';

export const giftCardGroup: UnansweredGroup = {
  id: 'unanswered-1',
  question: 'Do you sell gift cards?',
  examples: ['Can I buy a gift card?'],
  count: 3,
  lastAskedAt: '2026-11-24T10:00:00.000Z',
};

/** The Q&A list is full: the answer's entry is refused. */
export const qaLimitError = new ApiError({
  kind: 'http',
  status: 409,
  endpoint: 'POST /chatbots/bot-ava/unanswered/unanswered-1/answer',
  message: 'A bot keeps at most 50 questions and answers',
  body: {
    statusCode: 409,
    message: 'A bot keeps at most 50 questions and answers',
    code: 'QA_LIMIT_REACHED',
  },
});

const serverError = new ApiError({
  kind: 'http',
  status: 500,
  endpoint: 'answer',
  message: 'Internal server error',
});

export const unansweredQuestionsModel: FlowModel<{ botId: string }> = {
  id: 'unansweredQuestions',
  machine: unansweredQuestionsMachine,
  input: { botId: 'bot-ava' },
  events: [
    { type: 'group.answer', id: giftCardGroup.id },
    { type: 'answer.changed', patch: { answer: 'Yes, from $10.' } },
    { type: 'answer.changed', patch: { question: ' ' } },
    { type: 'answer.cancel' },
    { type: 'answer.save' },
    { type: 'group.dismiss', id: giftCardGroup.id },
    { type: 'retry' },
    { type: 'refresh' },
  ],
  outputs: {
    list: oneOf({ groups: [giftCardGroup], open: 1 }, { groups: [], open: 0 }),
    reload: oneOf({ groups: [giftCardGroup], open: 1 }, { groups: [], open: 0 }),
    answer: {
      id: 'qa-1',
      question: giftCardGroup.question,
      answer: 'Yes, from $10.',
      updatedAt: '2026-11-24T10:05:00.000Z',
    },
    dismiss: { success: true },
  },
  errors: {
    list: failingOrNotOffered('list'),
    reload: failingOrNotOffered('reload'),
    answer: oneOf(serverError, notOfferedError('answer'), qaLimitError),
    dismiss: failingOrNotOffered('dismiss'),
  },
  // What the section shows: groups there or not, a form open and whether it can be saved, a problem said.
  serialize: ({ context: c }: { context: UnansweredContext }) => [
    c.groups.length,
    c.open,
    c.answering === null ? null : [c.answering.question.trim() !== '', c.answering.answer.trim() !== ''],
    c.error !== null,
  ],
};
