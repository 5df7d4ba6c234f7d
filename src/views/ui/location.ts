import { PATHS } from '../../machines/paths';

/** Where the browser is: path, query and hash (what a return-to address keeps). */
export function currentLocation(): string {
  const l = globalThis.location;
  return l ? `${l.pathname}${l.search}${l.hash}` : '/';
}

/** The sign-in page, with the way back to where the user was. */
export function loginPathFor(returnTo: string): string {
  return `${PATHS.login}?redirect=${encodeURIComponent(returnTo)}`;
}
