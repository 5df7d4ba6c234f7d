import { http, seg } from './client';
import { OkSchema } from './schemas/common';
import { type QaEntryBody, QaEntryBodySchema, QaEntrySchema } from './schemas/knowledgeQa';
import { UnansweredListSchema } from './schemas/unanswered';

/* Beyond the spec (schemas/unanswered.ts): the questions a bot could not answer, grouped. */

const path = (botId: string) => `/chatbots/${seg(botId)}/unanswered`;

export const listUnanswered = (botId: string, signal?: AbortSignal) =>
  http.get(path(botId), UnansweredListSchema, { signal });

/** Answers a group with a new Q&A entry (the question as the user wrote it); the group is cleared. */
export const answerUnanswered = (botId: string, groupId: string, body: QaEntryBody, signal?: AbortSignal) =>
  http.post(`${path(botId)}/${seg(groupId)}/answer`, QaEntrySchema, {
    body: QaEntryBodySchema.parse(body),
    signal,
  });

export const dismissUnanswered = (botId: string, groupId: string, signal?: AbortSignal) =>
  http.post(`${path(botId)}/${seg(groupId)}/dismiss`, OkSchema, { signal });
