import { renderHook } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdNavigation, listenForBackAndForward, useLeaveGuard } from './navigationGuard';

/** What Back does to the address before the page hears of it: the entry changes, then popstate fires. */
function goBackTo(path: string) {
  history.replaceState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

describe('leave guard', () => {
  const routerHeard = vi.fn();
  // As in the app: the guard listens before the router does.
  beforeAll(() => listenForBackAndForward());
  beforeEach(() => {
    history.replaceState(null, '', '/bot-settings');
    // Stands in for the router, which subscribes to popstate after the guard (the app mounts after it).
    window.addEventListener('popstate', routerHeard);
  });
  afterEach(() => {
    window.removeEventListener('popstate', routerHeard);
    routerHeard.mockReset();
  });

  it('holds nothing back while there is nothing to lose', () => {
    const ask = vi.fn();
    renderHook(() => useLeaveGuard(false, ask));
    const proceed = vi.fn();
    expect(holdNavigation(proceed)).toBe(false);
    goBackTo('/');
    expect(ask).not.toHaveBeenCalled();
    expect(routerHeard).toHaveBeenCalledTimes(1);
  });

  it('asks before a link or Logout leaves, and goes only when the user agrees', () => {
    const ask = vi.fn();
    renderHook(() => useLeaveGuard(true, ask));
    const proceed = vi.fn();
    expect(holdNavigation(proceed)).toBe(true);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(proceed).not.toHaveBeenCalled();
    ask.mock.calls[0]?.[0]();
    expect(proceed).toHaveBeenCalledTimes(1);
  });

  it('keeps the page on Back, asks, and replays the move when the user agrees', () => {
    const ask = vi.fn();
    renderHook(() => useLeaveGuard(true, ask));
    const depth = history.length;
    goBackTo('/chat-history?filter=2');
    expect(routerHeard).not.toHaveBeenCalled();
    expect(location.pathname).toBe('/bot-settings');
    expect(ask).toHaveBeenCalledTimes(1);
    ask.mock.calls[0]?.[0]();
    expect(location.pathname + location.search).toBe('/chat-history?filter=2');
    // One entry put back for the question, and the move replaces it rather than adding another.
    expect(history.length).toBe(depth + 1);
  });

  it('lets Back through once the changes are saved or the screen is gone', () => {
    const ask = vi.fn();
    const { rerender, unmount } = renderHook(({ dirty }) => useLeaveGuard(dirty, ask), {
      initialProps: { dirty: true },
    });
    rerender({ dirty: false });
    goBackTo('/');
    expect(routerHeard).toHaveBeenCalledTimes(1);
    history.replaceState(null, '', '/bot-settings');
    rerender({ dirty: true });
    unmount();
    goBackTo('/');
    expect(ask).not.toHaveBeenCalled();
    expect(holdNavigation(vi.fn())).toBe(false);
  });
});
