import { describe, expect, it } from 'vitest';
import { ChatMessageSchema, ChatSessionSchema } from './chatSessions';
import { TakeOverBodySchema } from './handling';

const session = {
  id: 's-1',
  fromNumber: '8613812345678@c.us',
  createdAt: '2026-11-19T10:00:00.000Z',
  isStarred: false,
  messages: [],
  analysis: null,
};

describe('handling, beyond the spec, as the client reads it', () => {
  it('reads no handler from a server that does not tell one, or tells one it cannot read', () => {
    expect(ChatSessionSchema.parse(session).handling).toBeUndefined();
    expect(ChatSessionSchema.parse({ ...session, handling: { by: 'robot' } }).handling).toBeUndefined();
    expect(ChatSessionSchema.parse({ ...session, handling: { by: 'waiting' } }).handling).toBeUndefined();
  });

  it('reads a reason it does not know as "other": the conversation still waits', () => {
    const waiting = { by: 'waiting', reason: 'vip-customer', since: '2026-11-19T10:05:00.000Z' };
    expect(ChatSessionSchema.parse({ ...session, handling: waiting }).handling).toEqual({
      ...waiting,
      reason: 'other',
    });
  });

  it('reads a person’s message with its name, and a plain one without', () => {
    const message = { id: 'm', content: 'Hi', sender: 'person', sentAt: '2026-11-19T10:05:00.000Z' };
    expect(ChatMessageSchema.parse({ ...message, senderName: 'Mei' }).senderName).toBe('Mei');
    expect(ChatMessageSchema.parse({ ...message, senderName: 42 }).senderName).toBeUndefined();
    expect(ChatMessageSchema.parse(message)).toEqual(message);
  });

  it('asks only for the pauses it offers', () => {
    for (const minutes of [30, 120, 720, null])
      expect(TakeOverBodySchema.parse({ minutes })).toEqual({ minutes });
    expect(TakeOverBodySchema.safeParse({ minutes: 45 }).success).toBe(false);
  });
});
