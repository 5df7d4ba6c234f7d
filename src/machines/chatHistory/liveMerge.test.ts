import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatSession } from '../../api/schemas/chatSessions';
import {
  initialLiveState,
  type LiveMergeContext,
  matchesSearch,
  mergeLiveMessage,
  mergeLiveSession,
  openedConversation,
  scrolled,
  unreadCount,
} from './liveMerge';

const NOW = Date.parse('2026-11-24T12:00:00.000');
const msg = (id: string, sentAt = '2026-11-24T11:00:00.000Z', sender = 'user'): ChatMessage => ({
  id,
  content: `text ${id}`,
  sender,
  sentAt,
});
const session = (id: string, createdAt: string, over: Partial<ChatSession> = {}): ChatSession => ({
  id,
  fromNumber: '8613812345678@c.us',
  createdAt,
  isStarred: false,
  messages: [msg(`${id}-1`, createdAt)],
  analysis: null,
  ...over,
});

const a = session('a', '2026-11-24T10:00:00.000Z');
const b = session('b', '2026-11-20T10:00:00.000Z');
const base = (over: Partial<LiveMergeContext> = {}): LiveMergeContext => ({
  phone: '',
  filter: 1,
  sessions: [a, b],
  selected: null,
  messages: [],
  live: initialLiveState,
  ...over,
});
const apply = (c: LiveMergeContext, r: Partial<LiveMergeContext>): LiveMergeContext => ({ ...c, ...r });

describe('a live conversation', () => {
  it('goes in its place, newest first, with its messages unread', () => {
    const c = session('c', '2026-11-22T10:00:00.000Z');
    const r = apply(base(), mergeLiveSession(base(), c, NOW));
    expect(r.sessions.map((s) => s.id)).toEqual(['a', 'c', 'b']);
    expect(unreadCount(r.live, 'c')).toBe(1);
    const newest = session('n', '2026-11-24T11:59:00.000Z');
    expect(apply(r, mergeLiveSession(r, newest, NOW)).sessions[0]?.id).toBe('n');
    // As recent as the top one: what the stream told last goes first.
    const twin = session('t', a.createdAt);
    expect(apply(base(), mergeLiveSession(base(), twin, NOW)).sessions.map((s) => s.id)).toEqual([
      't',
      'a',
      'b',
    ]);
  });

  it('changes nothing when the list has it already, told twice or found by a poll', () => {
    const starred = { ...a, isStarred: true };
    expect(mergeLiveSession(base(), starred, NOW)).toEqual({});
  });

  it('stays out of a list searched or filtered for something else, and hidden numbers never show', () => {
    // An hour before now, in local time: today in any time zone.
    const c = session('c', new Date(NOW - 3_600_000).toISOString(), { fromNumber: '447700900123@c.us' });
    expect(mergeLiveSession(base({ phone: '138 1234' }), c, NOW)).toEqual({});
    expect(mergeLiveSession(base({ phone: '7700' }), c, NOW).sessions).toHaveLength(3);
    expect(mergeLiveSession(base({ filter: 2 }), c, NOW)).toEqual({});
    expect(mergeLiveSession(base({ filter: 3 }), c, NOW).sessions).toHaveLength(3);
    const old = session('o', '2026-10-01T10:00:00.000Z');
    expect(mergeLiveSession(base({ filter: 5 }), old, NOW)).toEqual({});
    expect(matchesSearch(session('x', a.createdAt, { fromNumber: '1203630@newsletter' }), base(), NOW)).toBe(
      false,
    );
    expect(
      matchesSearch(session('y', a.createdAt, { fromNumber: 'Support desk' }), base({ phone: 'desk' }), NOW),
    ).toBe(true);
  });
});

describe('a live message', () => {
  it('in another conversation counts unread once, however often it is told', () => {
    const m = msg('b-9');
    let c = apply(base(), mergeLiveMessage(base(), 'b', m));
    c = apply(c, mergeLiveMessage(c, 'b', m));
    expect(unreadCount(c.live, 'b')).toBe(1);
    c = apply(c, mergeLiveMessage(c, 'b', msg('b-10')));
    expect(unreadCount(c.live, 'b')).toBe(2);
    expect(unreadCount(openedConversation(c.live, 'b'), 'b')).toBe(0);
  });

  it('in a conversation the list does not show changes nothing', () => {
    expect(mergeLiveMessage(base(), 'elsewhere', msg('z'))).toEqual({});
  });

  it('in the open conversation is added in time order and followed when the reader is at the bottom', () => {
    const open = base({ selected: a, messages: [msg('a-1', '2026-11-24T10:00:00.000Z')] });
    const late = msg('a-3', '2026-11-24T11:30:00.000Z');
    const early = msg('a-2', '2026-11-24T11:00:00.000Z');
    let c = apply(open, mergeLiveMessage(open, 'a', late));
    c = apply(c, mergeLiveMessage(c, 'a', early));
    expect(c.messages.map((m) => m.id)).toEqual(['a-1', 'a-2', 'a-3']);
    expect(c.live).toEqual(initialLiveState);
    expect(mergeLiveMessage(c, 'a', late)).toEqual({});
  });

  it('in the open conversation is counted below when the reader scrolled up, and seen at the bottom', () => {
    const open = base({ selected: a, messages: [msg('a-1')], live: scrolled(initialLiveState, false) });
    let c = apply(open, mergeLiveMessage(open, 'a', msg('a-2', '2026-11-24T11:10:00.000Z')));
    c = apply(c, mergeLiveMessage(c, 'a', msg('a-3', '2026-11-24T11:20:00.000Z')));
    expect(c.live.newBelow).toEqual(['a-2', 'a-3']);
    expect(unreadCount(c.live, 'a')).toBe(0);
    expect(scrolled(c.live, true)).toEqual({ unread: {}, atBottom: true, newBelow: [] });
    expect(scrolled(initialLiveState, true)).toBe(initialLiveState);
  });

  it('moves its conversation to the top as its latest message and preview; an older one (a poll) moves nothing', () => {
    const m = msg('b-9', '2026-11-24T11:30:00.000Z');
    const c = apply(base(), mergeLiveMessage(base(), 'b', m));
    expect(c.sessions.map((s) => s.id)).toEqual(['b', 'a']);
    expect(c.sessions[0]?.lastMessage).toEqual(m);
    expect(c.sessions[0]?.messages).toEqual(b.messages);
    const older = apply(c, mergeLiveMessage(c, 'b', msg('b-8', '2026-11-24T10:30:00.000Z')));
    expect(older.sessions).toBe(c.sessions);
    expect(unreadCount(older.live, 'b')).toBe(2);
    // As recent as the top one: what the stream told last goes first.
    const tie = apply(older, mergeLiveMessage(older, 'a', msg('a-9', m.sentAt)));
    expect(tie.sessions.map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('in the open conversation makes it the latest too', () => {
    const open = base({ selected: b, messages: b.messages });
    const m = msg('b-9', '2026-11-24T11:30:00.000Z');
    const r = mergeLiveMessage(open, 'b', m);
    expect(r.selected?.lastMessage).toEqual(m);
    expect(r.sessions?.map((s) => s.id)).toEqual(['b', 'a']);
  });

  it('becomes the preview of a conversation that had none', () => {
    const empty = session('e', '2026-11-24T09:00:00.000Z', { messages: [] });
    const c = base({ sessions: [empty], selected: empty });
    const r = mergeLiveMessage(c, 'e', msg('e-1'));
    expect(r.sessions?.[0]?.messages).toEqual([msg('e-1')]);
    expect(r.selected?.messages).toEqual([msg('e-1')]);
  });
});
