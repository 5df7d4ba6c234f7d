import { http, seg } from './client';
import { ChatMessageSchema } from './schemas/chatSessions';
import {
  HandlingSchema,
  type ReplyBody,
  ReplyBodySchema,
  type TakeOverBody,
  TakeOverBodySchema,
  WaitingCountSchema,
} from './schemas/handling';

/*
 * Beyond the spec (schemas/handling.ts): a person takes a conversation over from the bot, replies in it, and
 * hands it back. Each answers the conversation's handling as it now stands.
 */

export const takeOverSession = (id: string, body: TakeOverBody, signal?: AbortSignal) =>
  http.post(`/chat-session/${seg(id)}/take-over`, HandlingSchema, {
    body: TakeOverBodySchema.parse(body),
    signal,
  });

export const handBackSession = (id: string, signal?: AbortSignal) =>
  http.post(`/chat-session/${seg(id)}/hand-back`, HandlingSchema, { body: {}, signal });

/** A person's reply, as stored (its sender names the person). A blank one is never sent. */
export const replyInSession = (id: string, body: ReplyBody, signal?: AbortSignal) =>
  http.post(`/chat-session/${seg(id)}/reply`, ChatMessageSchema, {
    body: ReplyBodySchema.parse(body),
    signal,
  });

/** How many of the user's conversations wait for a person (the sidebar's and the title's count). */
export const getWaitingCount = (signal?: AbortSignal) =>
  http.get('/chat-session/waiting/count', WaitingCountSchema, { signal });
