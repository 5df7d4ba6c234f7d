import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { displayNumber } from '../../machines/chatHistory/sessions';
import { lazyKnowledge } from '../botSettings/knowledge/lazyKnowledge';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { SpreadRow } from '../ui/Cluster';
import { EmptyState, PanelLoading } from '../ui/Feedback';
import { formatMessageTime } from '../ui/format';
import { ChevronLeftIcon, RefreshIcon, StarIcon } from '../ui/icons';
import { usePhoneFormat } from '../ui/phone';
import { Spinner } from '../ui/Spinner';
import { Tab, TabList, TabPanel, TabProvider } from '../ui/Tabs';
import { AnalysisPanel } from './AnalysisPanel';
import { ChatHistoryContext } from './context';
import { ExportPanel } from './ExportPanel';
import { HandlingBar } from './HandlingBar';
import { MessageList } from './MessageList';

const Panel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;

const Header = styled(SpreadRow)`
  h2 {
    font-size: ${({ theme }) => theme.font.size.xl};
    overflow-wrap: anywhere;
    &:focus { outline: none; }
  }
  p { color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const StarButton = styled(Button)`
  &[aria-pressed='true'] svg { color: ${({ theme }) => theme.color.warning}; }
`;

// The fine-tune dataset is a tool of its own tab: its code loads when the tab is first opened.
const FineTunePanel = lazy(() => import('./FineTunePanel').then((m) => ({ default: m.FineTunePanel })));

// "Improve this answer" (beyond the spec): its dialog, flow and texts load when it is first used.
const ImproveAnswerDialog = lazyKnowledge(
  () => import('../botSettings/knowledge/improve/ImproveAnswerDialog'),
);

/** The dialog that turns one of the bot's replies into a better answer, while chat history has it open. */
function Improving() {
  const actor = ChatHistoryContext.useActorRef();
  const open = ChatHistoryContext.useSelector((s) => s.matches({ improve: 'open' }));
  const standIn = ChatHistoryContext.useSelector((s) => s.children.improveAnswer);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ImproveAnswerDialog standIn={standIn} onClose={() => actor.send({ type: 'improve.closed' })} />
    </Suspense>
  );
}

const TAB_IDS = {
  analysis: 'chat-tab-analysis',
  export: 'chat-tab-export',
  fineTune: 'chat-tab-fine-tune',
} as const;
type ToolTab = keyof typeof TAB_IDS;
const tabOfId = (id: string | null | undefined): ToolTab =>
  (Object.keys(TAB_IDS) as ToolTab[]).find((tab) => TAB_IDS[tab] === id) ?? 'analysis';

function Tools() {
  const { t } = useLingui();
  const actor = ChatHistoryContext.useActorRef();
  const tab = ChatHistoryContext.useSelector(
    (s): ToolTab =>
      s.matches({ tab: 'export' }) ? 'export' : s.matches({ tab: 'fineTune' }) ? 'fineTune' : 'analysis',
  );
  // The fine-tune flow starts when its tab is first opened, then lives on with the tools (a dataset being
  // made survives a look at another tab or another conversation).
  const [fineTuneOpened, setFineTuneOpened] = useState(false);
  if (tab === 'fineTune' && !fineTuneOpened) setFineTuneOpened(true);
  return (
    <Panel aria-label={t`Analysis and export`}>
      <TabProvider
        selectedId={TAB_IDS[tab]}
        setSelectedId={(id) => actor.send({ type: 'tab.selected', tab: tabOfId(id) })}
      >
        <TabList aria-label={t`Conversation tools`}>
          <Tab id={TAB_IDS.analysis}>
            <Trans>Analysis</Trans>
          </Tab>
          <Tab id={TAB_IDS.export}>
            <Trans>Export</Trans>
          </Tab>
          <Tab id={TAB_IDS.fineTune}>
            <Trans>Fine-tune</Trans>
          </Tab>
        </TabList>
        <TabPanel tabId={TAB_IDS.analysis}>
          <AnalysisPanel />
        </TabPanel>
        <TabPanel tabId={TAB_IDS.export}>
          <ExportPanel />
        </TabPanel>
        <TabPanel tabId={TAB_IDS.fineTune}>
          {fineTuneOpened && (
            <Suspense fallback={<PanelLoading>{t`Loading…`}</PanelLoading>}>
              <FineTunePanel />
            </Suspense>
          )}
        </TabPanel>
      </TabProvider>
    </Panel>
  );
}

/** The open session: who, when, star and refresh, its messages, then analysis and export. */
export function Conversation({ onBack, focusOnOpen }: { onBack?: () => void; focusOnOpen?: boolean }) {
  const { t } = useLingui();
  const formatPhone = usePhoneFormat();
  const actor = ChatHistoryContext.useActorRef();
  const selected = ChatHistoryContext.useSelector((s) => s.context.selected);
  const count = ChatHistoryContext.useSelector((s) => s.context.messages.length);
  const loading = ChatHistoryContext.useSelector((s) => s.hasTag('messagesLoading'));
  const canStar = ChatHistoryContext.useSelector((s) => s.can({ type: 'star.toggled' }));
  const canRefresh = ChatHistoryContext.useSelector((s) => s.can({ type: 'messages.refresh' }));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = selected?.id;

  // On the mobile two-step layout the conversation replaces the list: focus goes to its heading.
  useEffect(() => {
    if (id && focusOnOpen) headingRef.current?.focus();
  }, [id, focusOnOpen]);

  if (!selected) {
    return (
      <Panel aria-label={t`Conversation`}>
        <EmptyState title={<Trans>Select a chat</Trans>}>
          <Trans>Choose a conversation from the list to read it, see its analysis and export it.</Trans>
        </EmptyState>
      </Panel>
    );
  }

  const number = formatPhone(displayNumber(selected.fromNumber));
  const started = formatMessageTime(selected.createdAt);
  return (
    <>
      <Panel aria-labelledby="chat-conversation-title">
        {onBack && (
          <div>
            <Button variant="ghost" size="sm" onClick={onBack}>
              <ChevronLeftIcon size={16} />
              <Trans>Back to conversations</Trans>
            </Button>
          </div>
        )}
        <Header as="header" $gap={3}>
          <div>
            <h2 id="chat-conversation-title" ref={headingRef} tabIndex={-1}>
              {number}
            </h2>
            <p>
              <Trans>Started {started}</Trans>
              {!loading && (
                <>
                  {' · '}
                  <Plural value={count} one="# message" other="# messages" />
                </>
              )}
            </p>
          </div>
          <Actions>
            <StarButton
              size="sm"
              aria-pressed={selected.isStarred}
              // aria-disabled, not disabled: the button keeps keyboard focus while the star is saved.
              aria-disabled={!canStar}
              onClick={() => canStar && actor.send({ type: 'star.toggled' })}
            >
              <StarIcon size={16} filled={selected.isStarred} />
              {selected.isStarred ? <Trans>Starred</Trans> : <Trans>Star</Trans>}
            </StarButton>
            <Button
              size="sm"
              aria-disabled={!canRefresh}
              onClick={() => canRefresh && actor.send({ type: 'messages.refresh' })}
            >
              {loading ? <Spinner /> : <RefreshIcon size={16} />}
              <Trans>Refresh messages</Trans>
            </Button>
          </Actions>
        </Header>
        <MessageList />
        <HandlingBar />
      </Panel>
      <Tools />
      <Improving />
    </>
  );
}
