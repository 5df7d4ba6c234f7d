import { useEffect, useRef } from 'react';

/** Asks the user whether to leave; calls `proceed` if they agree. */
export type AskToLeave = (proceed: () => void) => void;

let active: { ask: AskToLeave } | null = null;

/**
 * While `when` is true, leaving through the app's links asks first (through `ask`, so the screen can use
 * its own dialog), and closing or reloading the tab gets the browser's own question.
 */
export function useLeaveGuard(when: boolean, ask: AskToLeave): void {
  const askRef = useRef(ask);
  askRef.current = ask;
  useEffect(() => {
    if (!when) return;
    const entry = { ask: (proceed: () => void) => askRef.current(proceed) };
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

/** For a link's click: true (and the question asked) when a guard holds the navigation back. */
export function holdNavigation(proceed: () => void): boolean {
  if (!active) return false;
  active.ask(proceed);
  return true;
}
