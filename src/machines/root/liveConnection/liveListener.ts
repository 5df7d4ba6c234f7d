import { type EventObject, fromCallback } from 'xstate';
import { SYSTEM_IDS } from '../../system';
import type { LiveNews } from './liveConnection.machine';

export type { LiveNews };

/**
 * Passes on to its parent what the app's live connection (SYSTEM_IDS.live) tells, for as long as the
 * parent's state runs it, starting with how the connection stands now (it asks, and the answer comes to it
 * alone). A flow outside the app's tree (a replay of its model) finds no connection and hears nothing.
 */
export const liveListener = fromCallback<EventObject>(({ system, self, sendBack, receive }) => {
  const live = system.get(SYSTEM_IDS.live);
  if (!live) return;
  const subscription = live.on('*', (news: LiveNews) => sendBack(news));
  receive((answer) => sendBack(answer));
  live.send({ type: 'live.ask', replyTo: self });
  return () => subscription.unsubscribe();
});
