import { useEffect, useRef } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { currentLocation } from '../api/client';

/** Asks the user whether to leave; calls `proceed` if they agree. */
export type AskToLeave = (proceed: () => void) => void;

let active: { ask: AskToLeave } | null = null;

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
    const entry = { ask: (proceed: () => void) => askRef.current(proceed) };
    active = entry;
    const here = currentLocation();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to show the question.
      event.returnValue = '';
    };
    // Back or Forward has already changed the address when this runs. A capturing listener on window runs
    // before the router's own, so the router never sees the move: the address is put back, and going on
    // replays it (in place of the restored entry, so the history does not grow on each question).
    const onPopState = (event: PopStateEvent) => {
      const target = currentLocation();
      if (target === here) return;
      event.stopImmediatePropagation();
      history.pushState(history.state, '', here);
      entry.ask(() => navigate(target, { replace: true }));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState, { capture: true });
    return () => {
      if (active === entry) active = null;
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState, { capture: true });
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
