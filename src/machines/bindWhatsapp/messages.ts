import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { isApiError } from '../../api/errors';
import { ErrorCodes } from '../../api/schemas/common';
import { describeError } from '../errors';

/** The instance toasts of spec section 8 (and the settings dialog's own), in one place for both machines. */
export const instanceMessages = {
  listFailed: msg`Failed to fetch instances`,
  createFailed: msg`Failed to create instance`,
  logoutFailed: msg`Failed to log out instance`,
  detailFailed: msg`Failed to fetch instance details`,
  created: msg`Instance created and configured`,
  loggedOut: msg`Instance logged out`,
  updated: msg`Instance settings saved`,
};

/** Why an instance could not be created: a plan limit (the view adds the way to upgrade) or another failure. */
export interface CreateFailure {
  kind: 'limit' | 'other';
  message: MessageDescriptor | string;
}

const instanceLimitText = (max: number) =>
  msg({
    message: plural(max, {
      one: 'Your plan allows # connected instance. Delete an instance or upgrade your plan to add another.',
      other:
        'Your plan allows # connected instances. Delete an instance or upgrade your plan to add another.',
    }),
  });

/** Says which limit blocked the creation, in the user's language, when the server names it. */
export function describeCreateFailure(error: unknown): CreateFailure {
  if (isApiError(error) && error.code === ErrorCodes.limitReached) {
    const limit = error.body?.limit;
    if (limit?.name === 'instanceLimit') return { kind: 'limit', message: instanceLimitText(limit.max) };
    return { kind: 'limit', message: describeError(error) };
  }
  return { kind: 'other', message: describeError(error) };
}
