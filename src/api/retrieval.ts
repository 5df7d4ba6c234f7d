import { http, seg } from './client';
import { type RetrievalQuery, RetrievalQuerySchema, RetrievalResultSchema } from './schemas/retrieval';

/* Beyond the spec (schemas/retrieval.ts): what the bot finds in its knowledge for a question. */

/** The passages that best match `query`, best first (the server's default number unless `limit` is given). */
export const testRetrieval = (botId: string, body: RetrievalQuery, signal?: AbortSignal) =>
  http.post(`/chatbots/${seg(botId)}/retrieval-test`, RetrievalResultSchema, {
    body: RetrievalQuerySchema.parse(body),
    signal,
  });
