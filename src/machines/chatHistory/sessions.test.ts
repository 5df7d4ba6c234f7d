import { describe, expect, it } from 'vitest';
import type { ChatSession } from '../../api/schemas/chatSessions';
import {
  displayNumber,
  isBotSender,
  isHiddenNumber,
  listedSessions,
  NEEDS_PERSON,
  patchSession,
  positivePercent,
  serverFilter,
  sessionPreview,
  sessionTime,
  toListFilter,
  visibleSessions,
} from './sessions';

const session = (id: string, fromNumber: string, over: Partial<ChatSession> = {}): ChatSession => ({
  id,
  fromNumber,
  createdAt: '2026-11-19T10:00:00.000Z',
  isStarred: false,
  messages: [],
  analysis: null,
  ...over,
});

describe('session list rules', () => {
  it('hides newsletters and the placeholder number, and nothing else', () => {
    expect(isHiddenNumber('120363025246125486@newsletter')).toBe(true);
    expect(isHiddenNumber('0@c.us')).toBe(true);
    expect(isHiddenNumber('10@c.us')).toBe(false);
    expect(isHiddenNumber('0@c.us.extra')).toBe(false);
    expect(isHiddenNumber('8613812345678@c.us')).toBe(false);
    const list = [
      session('a', '8613812345678@c.us'),
      session('b', '120363025246125486@newsletter'),
      session('c', '0@c.us'),
      session('d', '14155550123@c.us'),
    ];
    expect(visibleSessions(list).map((s) => s.id)).toEqual(['a', 'd']);
  });

  it('shows numbers without the personal-chat suffix', () => {
    expect(displayNumber('8613812345678@c.us')).toBe('+8613812345678');
    expect(displayNumber('120363-1234@g.us')).toBe('120363-1234@g.us');
    expect(displayNumber('14155550123')).toBe('+14155550123');
  });

  it('knows the bot by bot or assistant, any case', () => {
    expect(isBotSender('bot')).toBe(true);
    expect(isBotSender('Assistant')).toBe(true);
    expect(isBotSender('user')).toBe(false);
    expect(isBotSender('8613812345678@c.us')).toBe(false);
  });

  it('takes time and preview from the latest message, else the first (a server without it), else the creation', () => {
    const first = { id: 'm1', content: 'Hi there', sender: 'user', sentAt: '2026-11-19T10:05:00.000Z' };
    const last = { id: 'm9', content: 'Still there?', sender: 'user', sentAt: '2026-11-21T08:00:00.000Z' };
    expect(sessionTime(session('a', 'x', { messages: [first], lastMessage: last }))).toBe(last.sentAt);
    expect(sessionPreview(session('a', 'x', { messages: [first], lastMessage: last }))).toBe('Still there?');
    expect(sessionTime(session('a', 'x', { messages: [first] }))).toBe(first.sentAt);
    expect(sessionTime(session('a', 'x'))).toBe('2026-11-19T10:00:00.000Z');
    expect(sessionPreview(session('a', 'x', { messages: [first] }))).toBe('Hi there');
    expect(sessionPreview(session('a', 'x'))).toBe('');
  });

  it('lists the latest activity first, keeping the server’s order among equals', () => {
    const at = (sentAt: string) => ({ id: `m-${sentAt}`, content: 'x', sender: 'user', sentAt });
    const list = [
      session('old-but-active', 'x', {
        createdAt: '2026-11-01T10:00:00.000Z',
        lastMessage: at('2026-11-21T09:00:00.000Z'),
      }),
      session('tie-1', 'x', { createdAt: '2026-11-20T10:00:00.000Z' }),
      session('tie-2', 'x', { createdAt: '2026-11-20T10:00:00.000Z' }),
      session('newest-quiet', 'x', {
        createdAt: '2026-11-21T08:00:00.000Z',
        messages: [at('2026-11-21T08:00:00.000Z')],
      }),
    ];
    expect(visibleSessions(list).map((s) => s.id)).toEqual([
      'old-but-active',
      'newest-quiet',
      'tie-1',
      'tie-2',
    ]);
  });

  it('reads the positive percentage from text, clamped, or null', () => {
    const a = (p: string) => ({ emotion_positive_percent: p, key_words: [], user_will: '' });
    expect(positivePercent(a('82'))).toBe(82);
    expect(positivePercent(a('82.5%'))).toBe(82.5);
    expect(positivePercent(a('140'))).toBe(100);
    expect(positivePercent(a('n/a'))).toBeNull();
    expect(positivePercent(null)).toBeNull();
  });

  it('accepts only the five filter codes and "Needs a person"', () => {
    expect(toListFilter('2')).toBe(2);
    expect(toListFilter('5')).toBe(5);
    expect(toListFilter('6')).toBe(1);
    expect(toListFilter(null)).toBe(1);
    expect(toListFilter('waiting')).toBe(NEEDS_PERSON);
    expect(toListFilter('Waiting')).toBe(1);
    expect(serverFilter(NEEDS_PERSON)).toBe(1);
    expect(serverFilter(2)).toBe(2);
  });

  it('under "Needs a person" lists the waiting conversations, the longest waiting first', () => {
    const waitingSince = (since: string) => ({
      handling: { by: 'waiting' as const, reason: 'noAnswer' as const, since },
    });
    const list = [
      session('bot', 'x', { handling: { by: 'bot' } }),
      session('late', 'y', waitingSince('2026-11-19T12:00:00.000Z')),
      session('none', 'z'),
      session('early', 'w', waitingSince('2026-11-19T09:00:00.000Z')),
      session('person', 'v', { handling: { by: 'person', since: '2026-11-19T08:00:00.000Z', until: null } }),
    ];
    expect(listedSessions(list, NEEDS_PERSON).map((s) => s.id)).toEqual(['early', 'late']);
    expect(listedSessions(list, 1)).toBe(list);
  });

  it('patches one session and keeps the array when nothing matches', () => {
    const list = [session('a', 'x'), session('b', 'y')];
    const next = patchSession(list, 'b', { isStarred: true });
    expect(next).not.toBe(list);
    expect(next[1]?.isStarred).toBe(true);
    expect(list[1]?.isStarred).toBe(false);
    expect(patchSession(list, 'zzz', { isStarred: true })).toBe(list);
  });
});
