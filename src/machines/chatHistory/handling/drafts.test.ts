import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installMemoryStorage, type MemoryStorage } from '../../../../tests/memoryStorage';
import { MAX_DRAFTS, readDraft, writeDraft } from './drafts';

let storage: MemoryStorage;
beforeEach(() => {
  storage = installMemoryStorage();
});
afterEach(() => storage.clear());

describe('reply drafts kept on this device', () => {
  it('keeps each conversation’s draft, and drops an emptied one', () => {
    writeDraft('s-1', 'Half a sentence');
    writeDraft('s-2', '你好');
    expect(readDraft('s-1')).toBe('Half a sentence');
    expect(readDraft('s-2')).toBe('你好');
    writeDraft('s-1', '   ');
    expect(readDraft('s-1')).toBe('');
    writeDraft('s-2', '');
    expect(storage.length).toBe(0);
  });

  it('keeps the latest ones typed when there are too many', () => {
    for (let i = 0; i <= MAX_DRAFTS; i++) writeDraft(`s-${i}`, `draft ${i}`);
    expect(readDraft('s-0')).toBe('');
    expect(readDraft('s-1')).toBe('draft 1');
    expect(readDraft(`s-${MAX_DRAFTS}`)).toBe(`draft ${MAX_DRAFTS}`);
  });

  it('reads nothing from what it did not write (another version, a hand edit)', () => {
    storage.setItem('influx-reply-drafts', '["not", "a", "map"]');
    expect(readDraft('s-1')).toBe('');
    storage.setItem('influx-reply-drafts', '{"s-1": 42, "s-2": "ok"}');
    expect(readDraft('s-1')).toBe('');
    expect(readDraft('s-2')).toBe('ok');
    storage.setItem('influx-reply-drafts', '{broken');
    expect(readDraft('s-2')).toBe('');
  });
});
