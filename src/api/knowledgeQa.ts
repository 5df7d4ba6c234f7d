import { http, seg } from './client';
import { OkSchema } from './schemas/common';
import {
  type QaEntryBody,
  QaEntryBodySchema,
  QaEntrySchema,
  type QaImportBody,
  QaImportBodySchema,
  QaImportResultSchema,
  QaListSchema,
} from './schemas/knowledgeQa';

/* Beyond the spec (schemas/knowledgeQa.ts): a bot's question-and-answer knowledge. */

const path = (botId: string) => `/chatbots/${seg(botId)}/qa`;

/** The bot's entries, those matching `search` when given (in the question or the answer). */
export const listQaEntries = (botId: string, search = '', signal?: AbortSignal) =>
  http.get(path(botId), QaListSchema, {
    ...(search.trim() ? { query: { search: search.trim() } } : {}),
    signal,
  });

export const createQaEntry = (botId: string, body: QaEntryBody, signal?: AbortSignal) =>
  http.post(path(botId), QaEntrySchema, { body: QaEntryBodySchema.parse(body), signal });

export const updateQaEntry = (botId: string, id: string, body: QaEntryBody, signal?: AbortSignal) =>
  http.put(`${path(botId)}/${seg(id)}`, QaEntrySchema, { body: QaEntryBodySchema.parse(body), signal });

export const deleteQaEntry = (botId: string, id: string, signal?: AbortSignal) =>
  http.delete(`${path(botId)}/${seg(id)}`, OkSchema, { signal });

/** Many entries at once, all or none (a CSV import): the server refuses the whole list if one is bad. */
export const importQaEntries = (botId: string, body: QaImportBody, signal?: AbortSignal) =>
  http.post(`${path(botId)}/import`, QaImportResultSchema, { body: QaImportBodySchema.parse(body), signal });
