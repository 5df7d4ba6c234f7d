import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { ErrorCodes } from '../../api/errorCodes';
import { isApiError } from '../../api/errors';

/** The sign-in page's messages: the spec's texts, and the server's throttle and lockout. */
export const loginMessages = {
  invalidEmail: msg`Enter a valid e-mail address.`,
  codeRequired: msg`Enter the verification code from your e-mail.`,
  sendFailed: msg`Failed to send verification code. Please try again.`,
  loginFailed: msg`Login failed. Please check your verification code and try again.`,
  codeThrottled: msg`A code was sent to this address less than a minute ago. Enter it, or ask for a new one in a minute.`,
  signInLocked: msg`Too many wrong codes for this address. For your security, signing in is paused for a while; please try again later.`,
};

export const codeThrottledIn = (seconds: number) =>
  msg({
    message: plural(seconds, {
      one: 'A code was sent to this address less than a minute ago. Enter it, or ask for a new one in # second.',
      other:
        'A code was sent to this address less than a minute ago. Enter it, or ask for a new one in # seconds.',
    }),
  });

export const signInLockedFor = (minutes: number) =>
  msg({
    message: plural(minutes, {
      one: 'Too many wrong codes for this address. For your security, signing in is paused for # minute.',
      other: 'Too many wrong codes for this address. For your security, signing in is paused for # minutes.',
    }),
  });

export const refusedWith = (error: unknown, code: string) => isApiError(error) && error.code === code;

/**
 * What to tell the user when a login call fails: the server's throttle or lockout (with the wait, when it
 * says), else the spec's message for that call.
 */
export function describeLoginFailure(error: unknown, otherwise: MessageDescriptor): MessageDescriptor {
  if (!isApiError(error)) return otherwise;
  const wait = error.retryAfter;
  if (error.code === ErrorCodes.signInLocked) {
    return wait ? signInLockedFor(Math.ceil(wait / 60)) : loginMessages.signInLocked;
  }
  if (error.code === ErrorCodes.codeThrottled) {
    return wait ? codeThrottledIn(wait) : loginMessages.codeThrottled;
  }
  return otherwise;
}
