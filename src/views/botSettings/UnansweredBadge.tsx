import { Plural } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { unansweredQuestionsMachine } from '../../machines/botSettings/knowledge/unanswered/unansweredQuestions.machine';
import { Badge } from '../ui/Feedback';
import { useLoadedActor } from '../ui/loadedActor';
import { useEditor } from './context';

type UnansweredActor = ActorRefFrom<typeof unansweredQuestionsMachine>;

/** The id of the badge's text, which describes the Knowledge tab (its name stays "Knowledge"). */
export const UNANSWERED_BADGE_ID = 'knowledge-unanswered-count';

const Count = styled(Badge)`
  margin-left: ${({ theme }) => theme.space(1.5)};
  padding: 0 6px;
`;

/** How many unanswered questions are open (the editor's flow counts them with a saved bot); none: 0. */
export function useUnansweredCount(): number {
  const standIn = useEditor((s) => s.children.unanswered as AnyActorRef | undefined);
  const actor = useLoadedActor<UnansweredActor>(standIn);
  // Another tab may have met new questions (the test chat's): each tab change reads the count again.
  const tab = useEditor((s) => s.context.tab);
  useEffect(() => {
    if (tab) actor?.send({ type: 'refresh' });
  }, [actor, tab]);
  return useSelector(actor, (s) => s?.context.open ?? 0);
}

/** The Knowledge tab's badge: the count, and the words for it that describe the tab. */
export function UnansweredBadge({ count }: { count: number }) {
  return (
    <>
      <Count $tone="primary" aria-hidden="true">
        {count}
      </Count>
      <span id={UNANSWERED_BADGE_ID} hidden>
        <Plural value={count} one="# unanswered question" other="# unanswered questions" />
      </span>
    </>
  );
}
