import { HttpResponse } from 'msw';
import {
  RETRIEVAL_DEFAULT_LIMIT,
  RetrievalQuerySchema,
  type RetrievalResult,
} from '../../src/api/schemas/retrieval';
import { retrieve } from '../knowledgeIndex';
import { ownBot } from './chatbots';
import { authedRoute, readBody } from './common';

/*
 * The retrieval test (issue 33; src/api/schemas/retrieval.ts): the passages of the bot's knowledge that best
 * match a question, best first, from the mock's index (mocks/knowledgeIndex.ts). A blank or too long query is
 * refused (400) in the spec's error shape.
 */
export const retrievalHandlers = [
  authedRoute('post', '/chatbots/:id/retrieval-test', async ({ request, params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    const { query, limit } = await readBody(request, RetrievalQuerySchema);
    return HttpResponse.json<RetrievalResult>({
      passages: retrieve(bot.id, query, limit ?? RETRIEVAL_DEFAULT_LIMIT),
    });
  }),
];
