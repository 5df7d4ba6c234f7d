import type { SnapshotFrom } from 'xstate';
import type { instanceConnectionMachine } from '../../machines/instanceConnection/instanceConnection.machine';

export type LinkState =
  | 'closed'
  | 'creating'
  | 'createFailed'
  | 'waiting'
  | 'expired'
  | 'failed'
  | 'connected';

/** Where the link to the phone stands, as one word for the view. */
export function linkStateOf(snapshot: SnapshotFrom<typeof instanceConnectionMachine>): LinkState {
  if (snapshot.matches('closed')) return 'closed';
  const link = (snapshot.value as { open: { link: string | Record<string, unknown> } }).open.link;
  return (typeof link === 'string' ? link : Object.keys(link)[0]) as LinkState;
}
