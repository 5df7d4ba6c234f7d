import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { qaKnowledgeMachine } from '../../../../machines/botSettings/knowledge/qa/qaKnowledge.machine';
import { useRegisterFlow } from '../../../../machines/useFlow';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Muted } from '../../../ui/Card';
import { Cluster } from '../../../ui/Cluster';
import { ErrorPanel, NotOffered, PanelLoading } from '../../../ui/Feedback';
import { TextField } from '../../../ui/Field';
import { useLoadedActor } from '../../../ui/loadedActor';
import { useText } from '../../../ui/text';
import { useEditor } from '../../context';
import { QaCsvBar } from './QaCsvBar';
import { QaDraftFields } from './QaDraftFields';

type QaActor = ActorRefFrom<typeof qaKnowledgeMachine>;

const Head = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
`;
const Entries = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }
  p { margin: 2px 0 0; color: ${({ theme }) => theme.color.textMuted}; overflow-wrap: anywhere; white-space: pre-wrap; }
`;
const Editor = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

/**
 * The bot's questions and answers (beyond the spec): the bot answers a close question with the entry's
 * answer and names it. Its flow is the editor's, loaded with this section's code.
 */
export default function QaSection() {
  const standIn = useEditor((s) => s.children.qa as AnyActorRef | undefined);
  const actor = useLoadedActor<QaActor>(standIn);
  if (!standIn) {
    return (
      <Muted>
        <Trans>Save the chatbot first, then add its questions and answers.</Trans>
      </Muted>
    );
  }
  if (!actor) return <PanelLoading />;
  return <QaList actor={actor} />;
}

function QaList({ actor }: { actor: QaActor }) {
  useRegisterFlow('qaKnowledge', actor, qaKnowledgeMachine);
  const { t } = useLingui();
  const text = useText();
  const view = useSelector(
    actor,
    (s) => ({
      entries: s.context.entries,
      limit: s.context.limit,
      canAdd: s.can({ type: 'entry.new' }),
      search: s.context.search,
      editing: s.context.editing,
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
        <Trans>This server does not offer questions and answers: the bot learns from its files.</Trans>
      </NotOffered>
    );
  }
  if (view.failed) {
    return (
      <ErrorPanel
        title={<Trans>Could not load the questions and answers</Trans>}
        message={view.error ? text(view.error) : undefined}
        onRetry={() => actor.send({ type: 'retry' })}
      />
    );
  }
  const count = view.entries.length;
  const { editing } = view;
  return (
    <>
      <Head>
        <TextField
          label={<Trans>Search questions and answers</Trans>}
          type="search"
          value={view.search}
          onChange={(e) => actor.send({ type: 'search.changed', text: e.target.value })}
        />
        <Button onClick={() => actor.send({ type: 'entry.new' })} disabled={!view.canAdd}>
          <Trans>Add a question</Trans>
        </Button>
      </Head>
      <Muted role="status">
        {view.loading ? (
          <Trans>Loading the questions and answers…</Trans>
        ) : view.search.trim() !== '' ? (
          // A search lists only what matches: not how many the bot has.
          <Plural value={count} one="# question matches" other="# questions match" />
        ) : view.limit === null ? (
          <Plural value={count} one="# question" other="# questions" />
        ) : (
          <Trans>
            {count} of {view.limit} questions
          </Trans>
        )}
      </Muted>
      <QaCsvBar actor={actor} />
      {editing && (
        <Editor
          aria-label={editing.id ? t`Change the question` : t`New question`}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'editor.save' });
          }}
        >
          <QaDraftFields
            draft={editing}
            onChange={(patch) => actor.send({ type: 'editor.changed', patch })}
          />
          {view.error && <Alert>{text(view.error)}</Alert>}
          <Cluster>
            <Button type="submit" variant="primary" disabled={view.busy}>
              <Trans>Save the question</Trans>
            </Button>
            <Button onClick={() => actor.send({ type: 'editor.cancel' })}>
              <Trans>Cancel</Trans>
            </Button>
          </Cluster>
        </Editor>
      )}
      {!editing && view.error && <Alert>{text(view.error)}</Alert>}
      {count > 0 && (
        <Entries aria-label={t`Questions and answers`}>
          {view.entries.map((entry) => (
            <li key={entry.id}>
              <div>
                <strong>{entry.question}</strong>
                <p>{entry.answer}</p>
              </div>
              <div>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => actor.send({ type: 'entry.edit', id: entry.id })}
                >
                  {/* Its question is in the name, not on screen: a long one would squeeze the entry. */}
                  <Trans>
                    Edit <span className="visually-hidden">“{entry.question}”</span>
                  </Trans>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={view.busy}
                  onClick={() => actor.send({ type: 'entry.delete', id: entry.id })}
                >
                  <Trans>
                    Delete <span className="visually-hidden">“{entry.question}”</span>
                  </Trans>
                </Button>
              </div>
            </li>
          ))}
        </Entries>
      )}
    </>
  );
}
