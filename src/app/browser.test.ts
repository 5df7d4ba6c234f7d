import { describe, expect, it } from 'vitest';
import { updateQuery } from './browser';

describe('updateQuery', () => {
  it('sets and removes parameters, keeps the others and the hash, and adds no history entry', () => {
    window.history.replaceState(null, '', '/chat-history?filter=2&session_id=cs_1#top');
    const entries = window.history.length;
    updateQuery({ phone: '+1 415', session_id: null });
    expect(`${location.pathname}${location.search}${location.hash}`).toBe(
      '/chat-history?filter=2&phone=%2B1+415#top',
    );
    updateQuery({ filter: null, phone: null });
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/chat-history#top');
    expect(window.history.length).toBe(entries);
  });
});
