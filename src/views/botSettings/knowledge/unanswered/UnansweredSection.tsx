import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { UnansweredGroup } from '../../../../api/schemas/unanswered';
import type { qaKnowledgeMachine } from '../../../../machines/botSettings/knowledge/qa/qaKnowledge.machine';
import {
  type UnansweredDraft,
  unansweredQuestionsMachine,
} from '../../../../machines/botSettings/knowledge/unanswered/unansweredQuestions.machine';
import { useRegisterFlow } from '../../../../machines/useFlow';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Muted } from '../../../ui/Card';
import { Cluster } from '../../../ui/Cluster';
import { ErrorPanel, NotOffered, PanelLoading } from '../../../ui/Feedback';
import { formatDateTime } from '../../../ui/format';
import { useLoadedActor } from '../../../ui/loadedActor';
import { useText } from '../../../ui/text';
import { useEditor } from '../../context';
import { KnowledgeSection } from '../../KnowledgeSection';
import { QaDraftFields } from '../qa/QaDraftFields';

type UnansweredActor = ActorRefFrom<typeof unansweredQuestionsMachine>;
type QaActor = ActorRefFrom<typeof qaKnowledgeMachine>;

const Groups = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  > li {
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }
  strong { overflow-wrap: anywhere; }
`;
const Examples = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.color.textMuted};
  li { overflow-wrap: anywhere; }
`;
const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

/** How many examples a group shows. */
const SHOWN_EXAMPLES = 3;

/**
 * The questions the bot could not answer (beyond the spec), grouped, each answered with a Q&A entry or
 * dismissed. Its flow is the editor's (it also counts the Knowledge tab's badge), loaded with the saved bot.
 */
export default function UnansweredSection() {
  const standIn = useEditor((s) => s.children.unanswered as AnyActorRef | undefined);
  const actor = useLoadedActor<UnansweredActor>(standIn);
  return (
    <KnowledgeSection
      id="unanswered-title"
      title=<Trans>Unanswered questions</Trans>
      description=<Trans>
        What customers asked that the bot had no answer for: answer one, and the bot knows it.
      </Trans>
    >
      {!standIn ? (
        <Muted>
          <Trans>Save the chatbot first: the questions it cannot answer gather here.</Trans>
        </Muted>
      ) : actor ? (
        <UnansweredList actor={actor} />
      ) : (
        <PanelLoading />
      )}
    </KnowledgeSection>
  );
}

function UnansweredList({ actor }: { actor: UnansweredActor }) {
  useRegisterFlow('unansweredQuestions', actor, unansweredQuestionsMachine);
  const text = useText();
  const qa = useLoadedActor<QaActor>(useEditor((s) => s.children.qa as AnyActorRef | undefined));
  // A new entry from an answer: the Q&A list reads itself again (as a search does) to show it.
  useEffect(() => {
    const subscription = actor.on('unanswered.answered', () => {
      if (qa) qa.send({ type: 'search.changed', text: qa.getSnapshot().context.search });
    });
    return () => subscription.unsubscribe();
  }, [actor, qa]);
  const view = useSelector(
    actor,
    (s) => ({
      groups: s.context.groups,
      open: s.context.open,
      answering: s.context.answering,
      dismissing: s.context.dismissing,
      error: s.context.error,
      loading: s.hasTag('loading'),
      failed: s.hasTag('loadFailed'),
      busy: s.hasTag('busy'),
      notOffered: s.hasTag('notOffered'),
    }),
    shallowEqual,
  );
  if (view.notOffered) {
    return (
      <NotOffered>
        <Trans>This server does not gather the questions the bot could not answer.</Trans>
      </NotOffered>
    );
  }
  if (view.failed) {
    return (
      <ErrorPanel
        title={<Trans>Could not load the unanswered questions</Trans>}
        message={view.error ? text(view.error) : undefined}
        onRetry={() => actor.send({ type: 'retry' })}
      />
    );
  }
  if (view.loading) return <PanelLoading />;
  return (
    <>
      <Muted role="status">
        {view.open === 0 ? (
          <Trans>Nothing unanswered: the bot had an answer for every question lately.</Trans>
        ) : (
          <Plural value={view.open} one="# question to look at" other="# questions to look at" />
        )}
      </Muted>
      {!view.answering && view.error && <Alert>{text(view.error)}</Alert>}
      {view.groups.length > 0 && (
        <Groups aria-labelledby="unanswered-title">
          {view.groups.map((group) => (
            <GroupItem
              key={group.id}
              actor={actor}
              group={group}
              draft={view.answering?.groupId === group.id ? view.answering : null}
              error={view.answering?.groupId === group.id && view.error ? text(view.error) : null}
              busy={view.busy}
            />
          ))}
        </Groups>
      )}
    </>
  );
}

function GroupItem({
  actor,
  group,
  draft,
  error,
  busy,
}: {
  actor: UnansweredActor;
  group: UnansweredGroup;
  draft: UnansweredDraft | null;
  error: string | null;
  busy: boolean;
}) {
  const { t } = useLingui();
  const titleId = `unanswered-${group.id}`;
  const examples = group.examples.slice(0, SHOWN_EXAMPLES);
  const count = group.count;
  const date = formatDateTime(group.lastAskedAt);
  // The form replaces the button that opened it: focus goes on to the answer to write.
  const answerField = useRef<HTMLTextAreaElement>(null);
  const opened = draft !== null;
  useEffect(() => {
    if (opened) answerField.current?.focus();
  }, [opened]);
  return (
    <li aria-labelledby={titleId}>
      <div>
        <strong id={titleId}>{group.question}</strong>
        <Muted>
          <Plural value={count} one="Asked once" other="Asked # times" />
          {' · '}
          <Trans>
            last on <time dateTime={group.lastAskedAt}>{date}</time>
          </Trans>
        </Muted>
      </div>
      {examples.length > 0 && (
        <Examples aria-label={t`Also asked as`}>
          {examples.map((example) => (
            <li key={example}>{example}</li>
          ))}
        </Examples>
      )}
      {draft ? (
        <Form
          aria-label={t`Answer “${group.question}”`}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'answer.save' });
          }}
        >
          <QaDraftFields
            draft={draft}
            answerRef={answerField}
            onChange={(patch) => actor.send({ type: 'answer.changed', patch })}
          />
          {error && <Alert>{error}</Alert>}
          <Cluster>
            <Button type="submit" variant="primary" disabled={busy}>
              <Trans>Save</Trans>
            </Button>
            <Button onClick={() => actor.send({ type: 'answer.cancel' })}>
              <Trans>Cancel</Trans>
            </Button>
          </Cluster>
        </Form>
      ) : (
        <Cluster>
          <Button
            size="sm"
            // Its name starts with what it shows, and says which question (a page has several).
            aria-label={t`Answer it: ${group.question}`}
            onClick={() => actor.send({ type: 'group.answer', id: group.id })}
          >
            <Trans>Answer it</Trans>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t`Dismiss: ${group.question}`}
            disabled={busy}
            onClick={() => actor.send({ type: 'group.dismiss', id: group.id })}
          >
            <Trans>Dismiss</Trans>
          </Button>
        </Cluster>
      )}
    </li>
  );
}
