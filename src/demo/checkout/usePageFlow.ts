import { shallowEqual, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { AnyMachineSnapshot, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import { useFlow } from '../../machines/useFlow';

/**
 * A provider page's flow, started for the session its address names (`?param=`), and what the page shows of
 * it, read narrowly (the page renders again only when one of these changes): whether the session is still
 * being found, whether it is unknown, and the page's own reads.
 */
export function usePageFlow<T extends AnyStateMachine, V extends Record<string, unknown>>(
  id: string,
  machine: T,
  param: string,
  read: (snapshot: SnapshotFrom<T>) => V,
) {
  const [sessionId] = useState(() => new URLSearchParams(location.search).get(param));
  const actor = useFlow(id, machine, { input: { sessionId } as InputFrom<T> });
  const view = useSelector(
    actor,
    (s) => {
      const at = s as AnyMachineSnapshot;
      return {
        loading: at.matches('checking') || at.matches('loading'),
        unknown: at.matches('unknown'),
        ...read(s as SnapshotFrom<T>),
      };
    },
    shallowEqual,
  );
  return { sessionId, send: actor.send, actor, view };
}
