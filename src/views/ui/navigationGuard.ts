import { useEffect, useRef } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { currentLocation } from './location';

/** Asks the user whether to leave; calls `proceed` if they agree. */
export type AskToLeave = (proceed: () => void) => void;

/** The screen that has something to lose: how it asks, and the address (and its state) it is at. */
let active: { ask: AskToLeave; here: string; state: unknown } | null = null;
let listening = false;

/**
 * Back and Forward have changed the address before any script hears of it: this puts the address back,
 * asks, and replays the move (in place of the restored entry, so the history does not grow) if the user
 * agrees. Listeners of one event run in the order they were added, and the router re-renders in a microtask
 * after its own, so this must be added before the router subscribes: call it before the app mounts.
 */
export function listenForBackAndForward(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', (event) => {
    const guard = active;
    if (!guard) return;
    const target = currentLocation();
    if (target === guard.here) return;
    event.stopImmediatePropagation();
    history.pushState(guard.state, '', guard.here);
    guard.ask(() => navigate(target, { replace: true }));
  });
}

/**
 * While `when` is true, leaving through the app's links, Logout or the browser's Back and Forward asks
 * first (through `ask`, so the screen can use its own dialog), and closing or reloading the tab gets the
 * browser's own question.
 */
export function useLeaveGuard(when: boolean, ask: AskToLeave): void {
  const askRef = useRef(ask);
  askRef.current = ask;
  useEffect(() => {
    if (!when) return;
    const entry = {
      ask: (proceed: () => void) => askRef.current(proceed),
      here: currentLocation(),
      state: history.state,
    };
    active = entry;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to show the question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      if (active === entry) active = null;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [when]);
}

/**
 * For an action that leaves the screen (a link's click, Logout): true, and the question asked, when a guard
 * holds it back; `proceed` then runs only if the user agrees.
 */
export function holdNavigation(proceed: () => void): boolean {
  if (!active) return false;
  active.ask(proceed);
  return true;
}
