/** What a secret shows wherever it is written out: JSON (snapshots, QA tools, state links), logs, strings. */
export const REDACTED = '[redacted]';

/**
 * A typed password (or a connection string holding one) as the database flow keeps it: readable only by
 * `reveal()`, at the moment a request is sent. It writes itself out as REDACTED, so a snapshot, the QA
 * tools' context and timeline, or a logged event never carry it. The value lives in a closure, not in a
 * property: nothing that walks or copies the object finds it.
 */
export interface Secret {
  reveal(): string;
  toJSON(): string;
  toString(): string;
}

const inspect = Symbol.for('nodejs.util.inspect.custom');

export function secret(value: string): Secret {
  return Object.freeze({
    reveal: () => value,
    toJSON: () => REDACTED,
    toString: () => REDACTED,
    [inspect]: () => REDACTED,
  });
}

export const isSecret = (value: unknown): value is Secret =>
  typeof value === 'object' && value !== null && typeof (value as Secret).reveal === 'function';

/** A secret from what an event carries: the view sends secrets, a hand-written event (QA tools) may send text. */
export const asSecret = (value: unknown): Secret =>
  isSecret(value) ? value : secret(typeof value === 'string' && value !== REDACTED ? value : '');

export const NO_SECRET = secret('');
