import type { SnapshotFrom } from 'xstate';
import type { instanceConnectionMachine } from '../../machines/bindWhatsapp/instanceConnection/instanceConnection.machine';

export type LinkState =
  | 'closed'
  | 'creating'
  | 'createFailed'
  | 'waiting'
  | 'expired'
  | 'failed'
  | 'refused'
  | 'connected';

const OPEN_LINK_STATES = [
  'creating',
  'createFailed',
  'waiting',
  'expired',
  'failed',
  'refused',
  'connected',
] as const;

/** Where the link to the phone stands, as one word for the view: the tag the machine puts on it. */
export function linkStateOf(snapshot: SnapshotFrom<typeof instanceConnectionMachine>): LinkState {
  return OPEN_LINK_STATES.find((tag) => snapshot.hasTag(tag)) ?? 'closed';
}
