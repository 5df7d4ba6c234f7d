import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { conversationAnalysisMachine } from '../../machines/chatHistory/conversationAnalysis.machine';
import { positivePercent } from '../../machines/chatHistory/sessions';
import { useRegisterFlow } from '../../machines/useFlow';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Badge, EmptyState } from '../ui/Feedback';
import { RefreshIcon } from '../ui/icons';
import { Spinner } from '../ui/Spinner';
import { useText } from '../ui/text';
import { ChatHistoryContext } from './context';

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  h3 {
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: ${({ theme }) => theme.font.weight.bold};
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
`;

const BarRow = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  strong { font-size: ${({ theme }) => theme.font.size.lg}; min-width: 4ch; text-align: right; }
`;

const Track = styled.div`
  height: 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.color.border};
  overflow: hidden;
`;

type Tone = 'success' | 'warning' | 'danger';

const Fill = styled.div<{ $percent: number; $tone: Tone }>`
  height: 100%;
  width: ${({ $percent }) => $percent}%;
  background: ${({ theme, $tone }) => theme.color[$tone]};
  transition: width ${({ theme }) => theme.motion.normal};
`;

/** Mostly positive is good news (green), around half is mixed (amber), below that it needs care (red). */
const sentimentTone = (percent: number): Tone =>
  percent >= 60 ? 'success' : percent >= 40 ? 'warning' : 'danger';

const Keywords = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1.5)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

type AnalysisActor = ActorRefFrom<typeof conversationAnalysisMachine>;

/** The open conversation's analysis: shown from the session, asked for through the conversation's child. */
function Analysis({ analyzer }: { analyzer: AnalysisActor }) {
  useRegisterFlow('conversationAnalysis', analyzer, conversationAnalysisMachine);
  const { t } = useLingui();
  const text = useText();
  const analysis = ChatHistoryContext.useSelector((s) => s.context.selected?.analysis ?? null);
  const analyzing = useSelector(analyzer, (s) => s.hasTag('analyzing'));
  const canAnalyze = useSelector(analyzer, (s) => s.can({ type: 'analysis.requested' }));
  const error = useSelector(analyzer, (s) => s.context.error);
  const failed = useSelector(analyzer, (s) => s.hasTag('analysisFailed'));
  const percent = positivePercent(analysis);
  const reason = error ? text(error) : '';

  return (
    <Grid aria-busy={analyzing}>
      {analysis ? (
        <>
          <section aria-labelledby="chat-analysis-sentiment">
            <h3 id="chat-analysis-sentiment">
              <Trans>Positive sentiment</Trans>
            </h3>
            <BarRow>
              <Track
                role="meter"
                aria-labelledby="chat-analysis-sentiment"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent ?? 0}
                aria-valuetext={percent === null ? t`Unknown` : `${percent}%`}
              >
                <Fill $percent={percent ?? 0} $tone={sentimentTone(percent ?? 0)} />
              </Track>
              <strong>{percent === null ? '—' : `${percent}%`}</strong>
            </BarRow>
          </section>
          <section aria-labelledby="chat-analysis-keywords">
            <h3 id="chat-analysis-keywords">
              <Trans>Keywords</Trans>
            </h3>
            {analysis.key_words.length > 0 ? (
              <Keywords>
                {analysis.key_words.map((word, i) => (
                  // Keywords may repeat; their place in the list is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <li key={`${i}-${word}`}>
                    <Badge $tone="primary">{word}</Badge>
                  </li>
                ))}
              </Keywords>
            ) : (
              <p>
                <Trans>No keywords</Trans>
              </p>
            )}
          </section>
          <section aria-labelledby="chat-analysis-intent">
            <h3 id="chat-analysis-intent">
              <Trans>User intent</Trans>
            </h3>
            <p>{analysis.user_will || '—'}</p>
          </section>
        </>
      ) : (
        <EmptyState title={<Trans>No analysis yet</Trans>}>
          <Trans>Analyze the conversation to see how the customer felt and what they wanted.</Trans>
        </EmptyState>
      )}
      {failed && (
        <Alert>
          <Trans>Analysis failed: {reason}</Trans>
        </Alert>
      )}
      <Actions>
        <Button
          variant="primary"
          // aria-disabled keeps the focus on the button while the analysis runs.
          aria-disabled={!canAnalyze}
          onClick={() => canAnalyze && analyzer.send({ type: 'analysis.requested' })}
        >
          {analyzing ? <Spinner /> : <RefreshIcon size={16} />}
          {analysis ? <Trans>Re-analyze</Trans> : <Trans>Analyze</Trans>}
        </Button>
        {analyzing && (
          <span role="status">
            <Trans>Analyzing the conversation…</Trans>
          </span>
        )}
      </Actions>
    </Grid>
  );
}

/** The analysis runs as a child of the open conversation: there is none while no conversation is open. */
export function AnalysisPanel() {
  const analyzer = ChatHistoryContext.useSelector(
    (s) => s.children.conversationAnalysis as AnalysisActor | undefined,
  );
  return analyzer ? <Analysis analyzer={analyzer} /> : null;
}
