import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AnyActorRef, EventObject } from 'xstate';
import type { AddressContext, UrlChanged, UrlShow } from '../../machines/address';
import { currentLocation } from './location';

/**
 * A screen's actor that keeps its view in the address (machines/address.ts): it holds the address to show and
 * asks for changes.
 */
interface AddressActor<TLocation> extends AnyActorRef {
  on(type: 'url.show', handler: (event: UrlShow) => void): { unsubscribe(): void };
  getSnapshot(): { context: AddressContext };
  send(event: EventObject | UrlChanged<TLocation>): void;
}

/**
 * The address and a screen's machine agree: every change of the address (Back, Forward, a link, the
 * machine's own) is read and reported as `url.changed` (the machine decides what it means), and each address
 * the machine asks for is shown, as a new history entry or in place of the current one.
 */
export function useAddressSync<TLocation extends object>(
  actor: AddressActor<TLocation>,
  read: () => TLocation,
) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    const subscription = actor.on('url.show', ({ url, replace }) => {
      if (url !== currentLocation()) navigate(url, { replace });
    });
    // What the machine made of the address at start (defaults dropped, the first bot named, …).
    const wanted = actor.getSnapshot().context.url;
    if (wanted !== currentLocation()) navigate(wanted, { replace: true });
    return () => subscription.unsubscribe();
  }, [actor, navigate]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of the address is the trigger
  useEffect(() => {
    actor.send({ type: 'url.changed', ...read() });
  }, [actor, path, search]);
}

/** One path segment as the data it stands for; a malformed escape is kept as typed (it then names nothing). */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The one segment below `base` in the current path (`/chat-history/abc` → "abc"), decoded; null if none. */
export function segmentBelow(base: string): string | null {
  const { pathname } = globalThis.location;
  if (!pathname.startsWith(`${base}/`)) return null;
  const rest = pathname.slice(base.length + 1).replace(/\/$/, '');
  return rest ? decodeSegment(rest) : null;
}
