import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import styled from 'styled-components';
import { SessionFilter } from '../../api/schemas/chatSessions';
import { chatHistoryMachine } from '../../machines/chatHistory/chatHistory.machine';
import type { ChatHistoryLocation } from '../../machines/chatHistory/chatHistory.setup';
import { NEEDS_PERSON, toListFilter } from '../../machines/chatHistory/sessions';
import { PATHS } from '../../machines/paths';
import { signedInUserId } from '../../machines/root/session/session.machine';
import { useFlow } from '../../machines/useFlow';
import { useSession, useWaitingCount } from '../ui/appActors';
import { Card, PageSubtitle, ScreenHeader } from '../ui/Card';
import { ErrorPanel, PanelLoading } from '../ui/Feedback';
import { SelectField, TextField } from '../ui/Field';
import { MissingPanel } from '../ui/MissingPanel';
import { MOBILE_QUERY, useMediaQuery } from '../ui/media';
import { useText } from '../ui/text';
import { segmentBelow, useAddressSync } from '../ui/useAddressSync';
import { Conversation } from './Conversation';
import { ChatHistoryContext } from './context';
import { HandoffAlerts } from './HandoffAlerts';
import { LiveNotice } from './Live';
import { SessionList } from './SessionList';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(260px, 1fr) minmax(0, 2fr);
  gap: ${({ theme }) => theme.space(5)};
  align-items: start;
  @media ${MOBILE_QUERY} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const ListPanel = styled(Card)`
  display: flex;
  flex-direction: column;
  padding: 0;
  overflow: hidden;
  /* A fixed height gives the virtual list its window; the page itself does not grow with 10,000 rows. */
  height: clamp(420px, calc(100vh - 230px), 1200px);
  position: sticky;
  top: ${({ theme }) => theme.space(4)};
  &[hidden] { display: none; }
  @media ${MOBILE_QUERY} {
    position: static;
    height: calc(100vh - 300px);
    min-height: 360px;
  }
`;

const Toolbar = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  padding: ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Column = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  min-width: 0;
`;

/**
 * What the address names: the conversation (`/chat-history/:sessionId`), the search and the filter, so a
 * reload, a shared link or Back shows the same view. Read from the browser itself, decoded once.
 */
function readLocation(): ChatHistoryLocation {
  const params = new URLSearchParams(location.search);
  return {
    sessionId: segmentBelow(PATHS.chatHistory),
    phone: params.get('phone') ?? '',
    filter: toListFilter(params.get('filter') ?? SessionFilter.all),
  };
}

function useChatHistoryFlow() {
  const userId = useSession((s) => signedInUserId(s.context)) ?? null;
  const [input] = useState(() => ({ ...readLocation(), userId }));
  return useFlow('chatHistory', chatHistoryMachine, { input });
}

function SearchBar() {
  const { t } = useLingui();
  const actor = ChatHistoryContext.useActorRef();
  const phone = ChatHistoryContext.useSelector((s) => s.context.phone);
  const filter = ChatHistoryContext.useSelector((s) => s.context.filter);
  // Offered when the server counts the conversations waiting for a person (it knows who handles them).
  const waiting = useWaitingCount();
  return (
    <Toolbar
      role="search"
      aria-label={t`Search conversations`}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'search.submitted' });
      }}
    >
      <TextField
        label={<Trans>Phone number</Trans>}
        type="search"
        inputMode="tel"
        autoComplete="off"
        placeholder={t`e.g. 1381234`}
        value={phone}
        onChange={(e) => actor.send({ type: 'search.changed', value: e.target.value })}
      />
      <SelectField
        label={<Trans>Show</Trans>}
        value={String(filter)}
        onChange={(e) => actor.send({ type: 'filter.changed', filter: toListFilter(e.target.value) })}
      >
        <option value={SessionFilter.all}>{t`All`}</option>
        <option value={SessionFilter.starred}>{t`Starred`}</option>
        <option value={SessionFilter.today}>{t`Today`}</option>
        <option value={SessionFilter.thisWeek}>{t`This week`}</option>
        <option value={SessionFilter.thisMonth}>{t`This month`}</option>
        {(waiting !== null || filter === NEEDS_PERSON) && (
          <option value={NEEDS_PERSON}>{waiting ? t`Needs a person (${waiting})` : t`Needs a person`}</option>
        )}
      </SelectField>
    </Toolbar>
  );
}

/** The right-hand panel for a conversation the address names but that is not open (yet, or at all). */
function NamedConversation() {
  const { t } = useLingui();
  const text = useText();
  const actor = ChatHistoryContext.useActorRef();
  const phase = ChatHistoryContext.useSelector((s) => {
    if (s.hasTag('sessionNotFound')) return 'notFound' as const;
    if (s.hasTag('sessionLookupFailed')) return 'failed' as const;
    return 'finding' as const;
  });
  const error = ChatHistoryContext.useSelector((s) => s.context.sessionError);
  return (
    <Card aria-label={t`Conversation`} aria-busy={phase === 'finding'}>
      {phase === 'finding' && <PanelLoading>{t`Opening the conversation…`}</PanelLoading>}
      {phase === 'failed' && (
        <ErrorPanel
          title={<Trans>Could not open the conversation</Trans>}
          message={error ? text(error) : undefined}
          onRetry={() => actor.send({ type: 'session.lookupRetried' })}
        />
      )}
      {phase === 'notFound' && (
        <MissingPanel
          title={<Trans>Conversation not found</Trans>}
          actionLabel={<Trans>Show all conversations</Trans>}
          onAction={() => actor.send({ type: 'session.closed' })}
        >
          <Trans>
            This conversation does not exist, belongs to another account or was deleted. Check the link, or
            choose a conversation from the list.
          </Trans>
        </MissingPanel>
      )}
    </Card>
  );
}

function Screen() {
  const { t } = useLingui();
  const actor = ChatHistoryContext.useActorRef();
  const open = ChatHistoryContext.useSelector((s) => !s.hasTag('nothingSelected'));
  const named = ChatHistoryContext.useSelector(
    (s) => s.hasTag('sessionFinding') || s.hasTag('sessionNotFound'),
  );
  const mobile = useMediaQuery(MOBILE_QUERY);
  // After "back" on mobile, the list takes the focus again.
  const [returned, setReturned] = useState(false);
  const conversationStep = mobile && open;

  return (
    <Layout>
      <ListPanel aria-label={t`Conversations`} hidden={conversationStep}>
        <SearchBar />
        <HandoffAlerts />
        <LiveNotice />
        <SessionList autoFocus={mobile && returned && !open} />
      </ListPanel>
      {(!mobile || open) && (
        <Column>
          {named ? (
            <NamedConversation />
          ) : (
            <Conversation
              focusOnOpen={mobile}
              onBack={
                mobile
                  ? () => {
                      setReturned(true);
                      actor.send({ type: 'session.closed' });
                    }
                  : undefined
              }
            />
          )}
        </Column>
      )}
    </Layout>
  );
}

export function ChatHistoryView() {
  const actor = useChatHistoryFlow();
  useAddressSync(actor, readLocation);
  return (
    <>
      <ScreenHeader
        title={<Trans>Chat history</Trans>}
        subtitle={
          <PageSubtitle>
            <Trans>Find any customer conversation, read it, star it, see the analysis and export it.</Trans>
          </PageSubtitle>
        }
      />
      <ChatHistoryContext.Provider value={actor}>
        <Screen />
      </ChatHistoryContext.Provider>
    </>
  );
}
