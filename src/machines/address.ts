import { type EventObject, enqueueActions, type MachineContext, type ProvidedActor } from 'xstate';

/**
 * A screen whose view is kept in the address (views/ui/useAddressSync.ts): its machine holds the address it
 * shows (`context.url`), hears every change of it as `url.changed` with what it names, and asks for a new
 * one with the emitted `url.show`. What an address means is the screen's own (its followUrl); these are the
 * parts every such screen shares.
 */
export interface AddressContext extends MachineContext {
  url: string;
}

export type UrlChanged<TLocation> = { type: 'url.changed' } & TLocation;

/** Asks the view to show this address: a new history entry, or in place of the current one. */
export interface UrlShow {
  type: 'url.show';
  url: string;
  replace: boolean;
}

/** A guard: the address the view reports is not the one the machine shows (its own change comes back too). */
export const urlIsNew =
  <TLocation>(urlOf: (location: TLocation) => string) =>
  ({ context, event }: { context: AddressContext; event: EventObject }) =>
    event.type === 'url.changed' && urlOf(event as UrlChanged<TLocation>) !== context.url;

/**
 * An action asking the view to show the address of the machine's state (`urlOf`), when it changed: as a new
 * entry, or with `replace` in place of the current one.
 */
export function showUrl<
  TContext extends AddressContext,
  TEvent extends EventObject,
  // biome-ignore lint/suspicious/noExplicitAny: the action fits any machine's actors
  TActor extends ProvidedActor = any,
>(urlOf: (context: TContext) => string) {
  // biome-ignore lint/suspicious/noExplicitAny: the action fits any machine's actions, guards and emitted events
  return enqueueActions<TContext, TEvent, { replace: boolean }, TEvent, TActor, any, any, never, any>(
    ({ context, enqueue }, params) => {
      const url = urlOf(context);
      if (url === context.url) return;
      enqueue.assign({ url } as Partial<TContext>);
      enqueue.emit({ type: 'url.show', url, replace: params.replace } satisfies UrlShow);
    },
  );
}
