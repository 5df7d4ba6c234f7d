import { http, seg } from './client';
import { OkSchema } from './schemas/common';
import {
  type SavedReplyBody,
  SavedReplyBodySchema,
  SavedReplyListSchema,
  SavedReplySchema,
} from './schemas/savedReplies';

/* Beyond the spec (schemas/savedReplies.ts): the team's saved replies. */

export const listSavedReplies = (signal?: AbortSignal) =>
  http.get('/saved-replies', SavedReplyListSchema, { signal });

export const createSavedReply = (body: SavedReplyBody, signal?: AbortSignal) =>
  http.post('/saved-replies', SavedReplySchema, { body: SavedReplyBodySchema.parse(body), signal });

export const updateSavedReply = (id: string, body: SavedReplyBody, signal?: AbortSignal) =>
  http.put(`/saved-replies/${seg(id)}`, SavedReplySchema, { body: SavedReplyBodySchema.parse(body), signal });

export const deleteSavedReply = (id: string, signal?: AbortSignal) =>
  http.delete(`/saved-replies/${seg(id)}`, OkSchema, { signal });
