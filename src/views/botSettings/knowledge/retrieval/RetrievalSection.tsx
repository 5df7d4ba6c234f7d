import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { RETRIEVAL_QUERY_MAX_LENGTH, type RetrievedPassage } from '../../../../api/schemas/retrieval';
import { retrievalTestMachine } from '../../../../machines/botSettings/knowledge/retrieval/retrievalTest.machine';
import { useRegisterFlow } from '../../../../machines/useFlow';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Muted } from '../../../ui/Card';
import { ErrorPanel, NotOffered, PanelLoading } from '../../../ui/Feedback';
import { TextField } from '../../../ui/Field';
import { useLoadedActor } from '../../../ui/loadedActor';
import { useText } from '../../../ui/text';
import { useEditor } from '../../context';
import { KnowledgeSection } from '../../KnowledgeSection';
import { SourceKind } from './SourceKind';

type RetrievalActor = ActorRefFrom<typeof retrievalTestMachine>;

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  @media (max-width: 560px) { grid-template-columns: minmax(0, 1fr); }
`;
const Passages = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;
const Item = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  min-width: 0;
  p { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
`;
const SourceLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  strong { overflow-wrap: anywhere; }
`;
const Kind = styled.span`
  font-size: ${({ theme }) => theme.font.size.xs};
  padding: 1px ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.text};
`;
const Url = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
`;
const Score = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
const Track = styled.div`
  height: 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceAlt};
  overflow: hidden;
`;
const Fill = styled.div<{ $percent: number }>`
  height: 100%;
  width: ${({ $percent }) => $percent}%;
  background: ${({ theme }) => theme.color.primary};
`;

/**
 * The retrieval test (beyond the spec): a question, and the passages of the bot's knowledge that best match
 * it, each with its source and score. Its flow is the editor's, loaded with this section's code.
 */
export default function RetrievalSection() {
  const standIn = useEditor((s) => s.children.retrieval as AnyActorRef | undefined);
  const actor = useLoadedActor<RetrievalActor>(standIn);
  return (
    <KnowledgeSection
      id="retrieval-title"
      title=<Trans>Test what the bot finds</Trans>
      description=<Trans>Ask a question and see which passages of the bot's knowledge match it best.</Trans>
    >
      {!standIn ? (
        <Muted>
          <Trans>Save the chatbot first, then test what it finds.</Trans>
        </Muted>
      ) : actor ? (
        <RetrievalTest actor={actor} />
      ) : (
        <PanelLoading />
      )}
    </KnowledgeSection>
  );
}

function RetrievalTest({ actor }: { actor: RetrievalActor }) {
  useRegisterFlow('retrievalTest', actor, retrievalTestMachine);
  const { t } = useLingui();
  const text = useText();
  const view = useSelector(
    actor,
    (s) => ({
      query: s.context.query,
      passages: s.context.passages,
      ranFor: s.context.ranFor,
      error: s.context.error,
      busy: s.hasTag('busy'),
      failed: s.hasTag('failed'),
      notOffered: s.hasTag('notOffered'),
    }),
    shallowEqual,
  );
  if (view.notOffered) {
    return (
      <NotOffered>
        <Trans>
          This server does not offer the retrieval test: the bot still answers from its knowledge.
        </Trans>
      </NotOffered>
    );
  }
  const count = view.passages?.length ?? 0;
  const ranFor = view.ranFor ?? '';
  return (
    <>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'run' });
        }}
      >
        <TextField
          label={<Trans>A question a customer might ask</Trans>}
          type="search"
          maxLength={RETRIEVAL_QUERY_MAX_LENGTH}
          value={view.query}
          invalid={!view.failed && view.error !== null}
          onChange={(e) => actor.send({ type: 'query.changed', text: e.target.value })}
        />
        <Button type="submit" variant="primary" disabled={view.busy}>
          <Trans>Find passages</Trans>
        </Button>
      </Form>
      {view.failed ? (
        <ErrorPanel
          title={<Trans>Could not run the retrieval test</Trans>}
          message={view.error ? text(view.error) : undefined}
          onRetry={() => actor.send({ type: 'retry' })}
        />
      ) : (
        view.error && <Alert>{text(view.error)}</Alert>
      )}
      <Muted role="status">
        {view.busy ? (
          <Trans>Looking through the bot's knowledge…</Trans>
        ) : view.passages === null ? null : count === 0 ? (
          <Trans>Nothing in the bot's knowledge matches “{ranFor}”.</Trans>
        ) : (
          <Plural value={count} one="# passage found, best first" other="# passages found, best first" />
        )}
      </Muted>
      {count > 0 && (
        <Passages aria-label={t`Passages found for “${ranFor}”`}>
          {view.passages?.map((passage) => (
            <PassageItem key={passage.id} passage={passage} />
          ))}
        </Passages>
      )}
    </>
  );
}

/** One passage: its source (kind, name, a page's address as text), what it says (as text) and its score. */
function PassageItem({ passage }: { passage: RetrievedPassage }) {
  const { t } = useLingui();
  const percent = Math.round(passage.score * 100);
  const name = passage.source.name;
  return (
    <Item>
      <SourceLine>
        <Kind>
          <SourceKind kind={passage.source.kind} />
        </Kind>
        <strong>{name}</strong>
        {passage.source.kind === 'page' && passage.source.url && <Url>{passage.source.url}</Url>}
      </SourceLine>
      <p>{passage.text}</p>
      <Score>
        <Track
          role="meter"
          aria-label={t`Match of “${name}”`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
        >
          <Fill $percent={percent} />
        </Track>
        <span aria-hidden="true">{percent}%</span>
      </Score>
    </Item>
  );
}
