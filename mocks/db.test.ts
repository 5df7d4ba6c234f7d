import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAll, db, resetDb } from './db';

afterEach(() => resetDb());

const message = (n: number, over: Record<string, unknown> = {}) => ({
  // Keys out of the schema's order, as a seed builds them: the stored record has the schema's order.
  content: `Message ${n}`,
  id: `msg-${n}`,
  sessionId: 'sess-1',
  sender: n % 2 ? 'customer' : 'assistant',
  sentAt: `2026-11-2${n}T10:00:00.000Z`,
  ownerId: 'user-owner',
  ...over,
});

describe('createAll', () => {
  it('stores what create stores, in the same order, without going through create', async () => {
    const given = [1, 2, 3].map((n) => message(n));
    for (const m of given) await db.chatMessages.create(m);
    const created = JSON.stringify(db.chatMessages.all());
    resetDb();
    const create = vi.spyOn(db.chatMessages, 'create');
    await createAll('chatMessages', given);
    expect(create).not.toHaveBeenCalled();
    expect(JSON.stringify(db.chatMessages.all())).toBe(created);
  });

  it('leaves records that queries find, and that update and delete change', async () => {
    await createAll(
      'chatMessages',
      [1, 2, 3].map((n) => message(n)),
    );
    expect(db.chatMessages.findMany((q) => q.where({ sessionId: 'sess-1' }))).toHaveLength(3);
    await db.chatMessages.update((q) => q.where({ id: 'msg-2' }), {
      data(m) {
        m.content = 'Edited';
      },
    });
    expect(db.chatMessages.findFirst((q) => q.where({ id: 'msg-2' }))?.content).toBe('Edited');
    db.chatMessages.delete((q) => q.where({ id: 'msg-1' }));
    expect(db.chatMessages.all().map((m) => m.id)).toEqual(['msg-2', 'msg-3']);
    await db.chatMessages.create(message(4));
    expect(db.chatMessages.count()).toBe(3);
  });

  it('adds nothing when one record does not match the schema', async () => {
    await expect(
      createAll('chatMessages', [message(1), message(2, { sentAt: 'yesterday' }), message(3)]),
    ).rejects.toThrow();
    expect(db.chatMessages.count()).toBe(0);
  });
});
