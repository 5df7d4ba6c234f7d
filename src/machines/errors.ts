import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { errorMessage } from '../api/errors';

export const unknownError = msg`Unknown error`;

/** What a failure says to the user: the server's or the error's own message, else "Unknown error". */
export function describeError(error: unknown): MessageDescriptor | string {
  return errorMessage(error) ?? unknownError;
}
