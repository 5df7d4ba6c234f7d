import { navigate } from 'wouter/use-browser-location';

/*
 * What the billing machines do to the window, injected as their actions so tests never navigate.
 * URLs reach here only after the machines checked them (http or https).
 */

/** The app's own pages (the demo checkout) open in place; anything else is a normal page load. */
export function goTo(url: string): void {
  const target = new URL(url);
  if (target.origin === location.origin) navigate(`${target.pathname}${target.search}${target.hash}`);
  else location.assign(target.href);
}

export const reloadPage = () => location.reload();

/** Drops the query string (session_id) from the address without a new history entry. */
export const clearQuery = () =>
  history.replaceState(history.state, '', `${location.pathname}${location.hash}`);

export const returnedSessionId = () => new URLSearchParams(location.search).get('session_id');
