import { navigate } from 'wouter/use-browser-location';
import { currentLocation } from '../views/ui/location';

/*
 * What the app does to the window when a flow asks (the root app actor's actions). Addresses reach here
 * only after the flows checked them (http or https).
 */

/** The app's own pages (the demo checkout) open in place; anything else is a normal page load. */
export function openAddress(url: string): void {
  const target = new URL(url);
  if (target.origin === location.origin) navigate(`${target.pathname}${target.search}${target.hash}`);
  else location.assign(target.href);
}

/** Sets (or, with null, removes) query parameters without a new history entry or a page change. */
export function updateQuery(set: Record<string, string | null>): void {
  const params = new URLSearchParams(location.search);
  for (const [name, value] of Object.entries(set)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  const next = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
  if (next !== currentLocation()) history.replaceState(history.state, '', next);
}
