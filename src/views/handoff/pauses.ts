import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PAUSE_MINUTES, type PauseMinutes } from '../../api/schemas/handling';

/*
 * The pauses of a person's take-over, shared by the chat history (taking a conversation over) and the bot's
 * handoff settings (its default pause): their texts load with the screens.
 */

/** A pause as a select's value: its minutes, or "until" for until handed back. */
export const pauseValue = (minutes: PauseMinutes): string => (minutes === null ? 'until' : String(minutes));

/** The pause a select's value names (none for a value that is not one). */
export const pauseOf = (value: string): PauseMinutes | undefined =>
  PAUSE_MINUTES.find((m) => pauseValue(m) === value);

const LABELS: Record<string, MessageDescriptor> = {
  '30': msg`30 minutes`,
  '120': msg`2 hours`,
  '720': msg`12 hours`,
  until: msg`Until handed back`,
};

/** The pauses a take-over can have, as a select offers them: the take-over's and the bot's default alike. */
export const PAUSE_OPTIONS = PAUSE_MINUTES.map((minutes) => ({
  value: pauseValue(minutes),
  minutes,
  label: LABELS[pauseValue(minutes)] as MessageDescriptor,
}));
