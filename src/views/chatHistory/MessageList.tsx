import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { isBotSender, isPersonSender } from '../../machines/chatHistory/sessions';
import { EmptyState, PanelLoading } from '../ui/Feedback';
import { formatMessageTime } from '../ui/format';
import { useVirtualRows, virtualItems, virtualRow, virtualScroller } from '../ui/virtualList';
import { ChatHistoryContext } from './context';
import { NewMessagesButton } from './Live';

const ESTIMATED_ROW = 84;

const Box = styled.div`
  height: clamp(320px, 52vh, 620px);
  background: ${({ theme }) => theme.color.bg};
  border-radius: ${({ theme }) => theme.radius.md};
  display: grid;
  align-content: center;
`;

const Scroller = styled(Box)`
  display: block;
  contain: strict;
  ${virtualScroller}
`;

/** Holds the scroller and the "N new messages" button over its bottom. */
const Frame = styled.div`
  position: relative;
`;

/** Within this of the end, the reader is at the latest message (a row's estimate may be off by a little). */
const AT_BOTTOM_PX = 40;

const Items = styled.ol`
  ${virtualItems}
`;

const Row = styled.li<{ $bot: boolean }>`
  ${virtualRow}
  display: flex;
  flex-direction: column;
  align-items: ${({ $bot }) => ($bot ? 'flex-end' : 'flex-start')};
  padding: ${({ theme }) => theme.space(1.5)} ${({ theme }) => theme.space(4)};
`;

const Bubble = styled.div<{ $bot: boolean; $person?: boolean }>`
  max-width: min(75%, 640px);
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.lg};
  ${({ $bot }) => ($bot ? 'border-bottom-right-radius: 4px;' : 'border-bottom-left-radius: 4px;')}
  background: ${({ theme, $bot }) => ($bot ? theme.color.primarySoft : theme.color.surface)};
  border: 1px solid ${({ theme, $bot }) => ($bot ? theme.color.primary : theme.color.border)};
  /* A person of the team: on the business's side, told apart from the bot by a dashed edge. */
  ${({ $person }) => ($person ? 'border-style: dashed; border-width: 2px;' : '')}
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/** "Improve this answer": a quiet link-like button beside the time, so it does not compete with the text. */
const ImproveButton = styled.button`
  margin-left: ${({ theme }) => theme.space(2)};
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  color: ${({ theme }) => theme.color.primary};
  text-decoration: underline;
  cursor: pointer;
`;

const Meta = styled.span`
  margin-top: 2px;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.textMuted};
`;

/** The conversation as bubbles (the bot on the right, the customer on the left), rendered as text. */
export function MessageList() {
  const { t } = useLingui();
  const messages = ChatHistoryContext.useSelector((s) => s.context.messages);
  const loading = ChatHistoryContext.useSelector((s) => s.hasTag('messagesLoading'));
  const failed = ChatHistoryContext.useSelector((s) => s.hasTag('messagesFailed'));
  const atBottom = ChatHistoryContext.useSelector((s) => s.context.live.atBottom);
  const newBelow = ChatHistoryContext.useSelector((s) => s.context.live.newBelow.length);
  const actor = ChatHistoryContext.useActorRef();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualRows(messages, scrollRef, { estimate: ESTIMATED_ROW, itemKey: (m) => m.id });

  const toLatest = () => {
    if (messages.length > 0) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
  };
  // A conversation opens at its latest message, as in the messaging app, and a reader there follows what
  // arrives; a reader scrolled up stays where they read (the new messages are counted instead).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message list is the trigger
  useEffect(() => {
    if (atBottom) toLatest();
  }, [messages]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_PX;
    if (bottom !== atBottom) actor.send({ type: 'live.scrolled', atBottom: bottom });
  };

  // Loading and empty states keep the box's size, so nothing below it moves when the messages arrive.
  if (loading || messages.length === 0) {
    return (
      <Box>
        {loading ? (
          <PanelLoading>{t`Loading messages…`}</PanelLoading>
        ) : (
          <EmptyState title={<Trans>No messages found</Trans>}>
            {failed && <Trans>The messages could not be loaded. Use Refresh messages to try again.</Trans>}
          </EmptyState>
        )}
      </Box>
    );
  }

  return (
    <Frame>
      <Scroller ref={scrollRef} role="region" aria-label={t`Messages`} tabIndex={0} onScroll={onScroll}>
        <Items style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const m = messages[item.index];
            if (!m) return null;
            const person = isPersonSender(m.sender);
            // A person of the team writes on the business's side, as the bot does.
            const bot = person || isBotSender(m.sender);
            const name = m.senderName ?? t`Team`;
            const who = person
              ? m.fromPhone
                ? t`${name}, sent from the phone:`
                : t`${name}:`
              : bot
                ? t`Bot:`
                : t`Customer:`;
            return (
              <Row
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-setsize={messages.length}
                aria-posinset={item.index + 1}
                $bot={bot}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <Bubble $bot={bot} $person={person}>
                  <span className="visually-hidden">{who} </span>
                  {m.content}
                </Bubble>
                <Meta>
                  {person && (
                    <span aria-hidden="true">{m.fromPhone ? t`${name} · sent from the phone` : name} · </span>
                  )}
                  <time dateTime={m.sentAt}>{formatMessageTime(m.sentAt)}</time>
                  {bot && !person && (
                    <ImproveButton
                      type="button"
                      onClick={() => actor.send({ type: 'improve.opened', messageId: m.id })}
                    >
                      {t`Improve this answer`}
                    </ImproveButton>
                  )}
                </Meta>
              </Row>
            );
          })}
        </Items>
      </Scroller>
      <NewMessagesButton
        count={newBelow}
        onClick={() => {
          toLatest();
          actor.send({ type: 'live.scrolled', atBottom: true });
          scrollRef.current?.focus();
        }}
      />
    </Frame>
  );
}
