import { Plural } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { liveMachine } from '../../machines/chatHistory/live.machine';
import { Button } from '../ui/Button';
import { useText } from '../ui/text';
import { ChatHistoryContext } from './context';

type LiveActor = ActorRefFrom<typeof liveMachine>;

const Quiet = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
  &:empty { display: none; }
`;

/**
 * A quiet line while live updates are interrupted (the screen still works: it checks now and then). A status
 * region that is always there, so a screen reader hears the notice when it appears, and nothing otherwise.
 */
export function LiveNotice() {
  const text = useText();
  const live = ChatHistoryContext.useSelector((s) => s.children.live as LiveActor | undefined);
  const notice = useSelector(live, (s) => s?.context.notice ?? null);
  return <Quiet role="status">{notice ? text(notice) : ''}</Quiet>;
}

const Mark = styled.span`
  display: inline-grid;
  place-items: center;
  min-width: 20px;
  height: 20px;
  padding: 0 6px;
  border-radius: 10px;
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: 1;
  flex: none;
`;

/** A conversation's unread messages: the count on a mark, said in full to a screen reader. */
export function UnreadMark({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Mark data-unread={count}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">
        <Plural value={count} one="# unread message" other="# unread messages" />
      </span>
    </Mark>
  );
}

const Jump = styled.div`
  position: absolute;
  inset-inline: 0;
  bottom: ${({ theme }) => theme.space(3)};
  display: flex;
  justify-content: center;
  pointer-events: none;
  & > * { pointer-events: auto; box-shadow: 0 2px 8px rgb(0 0 0 / 25%); }
`;

/**
 * "N new messages": shown over the bottom of the conversation while the reader is scrolled up and messages
 * have arrived below; it takes the reader to the latest one.
 */
export function NewMessagesButton({ count, onClick }: { count: number; onClick: () => void }) {
  if (count <= 0) return null;
  return (
    <Jump>
      <Button variant="primary" size="sm" onClick={onClick}>
        <Plural value={count} one="# new message" other="# new messages" />
      </Button>
    </Jump>
  );
}
