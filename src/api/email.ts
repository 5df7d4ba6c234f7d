/**
 * The e-mail rule, shared by the schemas and by checks that must not load the schema library (the sign-in
 * page validates before any call). Zod's "practical" e-mail pattern.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value);
