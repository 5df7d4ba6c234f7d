/** The `code` of an error body: the server's machine-readable reason. Free of zod (the sign-in page uses it). */
export const ErrorCodes = {
  invalidCode: 'INVALID_CODE',
  codeExpired: 'CODE_EXPIRED',
  validation: 'VALIDATION_FAILED',
  limitReached: 'PLAN_LIMIT_REACHED',
  notFound: 'NOT_FOUND',
  forbidden: 'FORBIDDEN',
  unauthorized: 'UNAUTHORIZED',
  duplicate: 'DUPLICATE_NAME',
  /** send-code again within a minute of the last code to that address. */
  codeThrottled: 'CODE_THROTTLED',
  /** Too many wrong codes for an address within an hour: sign-in is paused for it. */
  signInLocked: 'SIGN_IN_LOCKED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** Beyond the spec: a reply in a conversation the bot handles (a person takes it over first). */
  notHandling: 'NOT_HANDLING',
} as const;
