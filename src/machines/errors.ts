import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EventObject, MachineContext, ParameterizedObject } from 'xstate';
import { errorMessage, isNotOffered } from '../api/errors';
import type { ToastInput } from './root/toasts/toasts.machine';
import { raiseToast } from './system';

export const unknownError = msg`Unknown error`;

/** What a failure says to the user: the server's or the error's own message, else "Unknown error". */
export function describeError(error: unknown): MessageDescriptor | string {
  return errorMessage(error) ?? unknownError;
}

/**
 * An action raising an error toast about a failure: `title`, and what the failure says (describeError) when
 * the event it runs on carries an error (an invoke's onError, a resource's report); else no description.
 */
export const raiseFailure = <
  TContext extends MachineContext,
  TEvent extends EventObject,
  TParams extends ParameterizedObject['params'] | undefined = undefined,
>(
  title: ToastInput['title'],
  variant: Extract<ToastInput['variant'], 'error' | 'destructive'> = 'error',
) =>
  raiseToast<TContext, TEvent, TParams>(({ event }) => ({
    variant,
    title,
    description: 'error' in event ? describeError(event.error) : null,
  }));

/**
 * A guard: the failure the event carries says the server does not offer the call (a 404, 405 or 501 from an
 * extension beyond the spec's calls). The feature then steps aside quietly: no error styling, nothing to retry.
 */
export const notOffered = ({ event }: { event: unknown }) =>
  isNotOffered((event as { error?: unknown }).error);
