import { http, seg } from './client';
import { OkSchema } from './schemas/common';
import {
  type SourceBody,
  SourceBodySchema,
  type SourceChange,
  SourceChangeSchema,
  SourceDetailSchema,
  SourceListSchema,
} from './schemas/knowledgeSources';

/* Beyond the spec (schemas/knowledgeSources.ts): the websites a bot learns from. */

const path = (botId: string) => `/chatbots/${seg(botId)}/sources`;
const one = (botId: string, id: string) => `${path(botId)}/${seg(id)}`;

/** The bot's sources and the pages it holds of the plan's limit. */
export const listSources = (botId: string, signal?: AbortSignal) =>
  http.get(path(botId), SourceListSchema, { signal });

/** Adds a source and starts its first crawl. */
export const createSource = (botId: string, body: SourceBody, signal?: AbortSignal) =>
  http.post(path(botId), SourceDetailSchema, { body: SourceBodySchema.parse(body), signal });

/** A source with its crawl page by page. */
export const getSource = (botId: string, id: string, signal?: AbortSignal) =>
  http.get(one(botId, id), SourceDetailSchema, { signal });

export const updateSource = (botId: string, id: string, change: SourceChange, signal?: AbortSignal) =>
  http.put(one(botId, id), SourceDetailSchema, { body: SourceChangeSchema.parse(change), signal });

/** Crawls the source again now; what changed is told when the crawl ends. */
export const syncSource = (botId: string, id: string, signal?: AbortSignal) =>
  http.post(`${one(botId, id)}/sync`, SourceDetailSchema, { signal });

export const cancelCrawl = (botId: string, id: string, signal?: AbortSignal) =>
  http.post(`${one(botId, id)}/cancel`, SourceDetailSchema, { signal });

export const deleteSource = (botId: string, id: string, signal?: AbortSignal) =>
  http.delete(one(botId, id), OkSchema, { signal });
