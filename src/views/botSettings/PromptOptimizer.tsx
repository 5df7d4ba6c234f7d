import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { promptOptimizerMachine } from '../../machines/botSettings/promptOptimizer/promptOptimizer.machine';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Muted } from '../ui/Card';
import { Cluster, SpreadRow } from '../ui/Cluster';
import { Badge, NotOffered } from '../ui/Feedback';
import { Spinner } from '../ui/Spinner';
import { useText } from '../ui/text';
import { useEditor, useEditorActor } from './context';

export type OptimizerActor = ActorRefFrom<typeof promptOptimizerMachine>;
type Snap = SnapshotFrom<typeof promptOptimizerMachine>;
type Phase = 'idle' | 'starting' | 'streaming' | 'done' | 'stopped' | 'failed';

const phaseOf = (s: Snap): Phase =>
  typeof s.value === 'string' ? (s.value as Phase) : (Object.keys(s.value)[0] as Phase);

/** The improved prompt: read-only, in the prompt's own monospace, scrolling within a fixed height. */
const RESULT_MAX_HEIGHT_PX = 320;

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const Panel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  h3 { font-size: ${({ theme }) => theme.font.size.md}; }
`;

const Result = styled.div`
  max-height: ${RESULT_MAX_HEIGHT_PX}px;
  min-height: 4.5em;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceAlt};
  color: ${({ theme }) => theme.color.text};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.sm};
  line-height: 1.5;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
  &[data-incomplete] { border-style: dashed; }
  /* Full height while it grows: Stop, below it, stays where the pointer is. */
  &[aria-busy='true'] { min-height: min(${RESULT_MAX_HEIGHT_PX}px, 50vh); }
`;

const Placeholder = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-family: ${({ theme }) => theme.font.family};
`;

function SparkleIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 3.5 13.8 9l5.7 1.9-5.7 1.9L12 18.5l-1.8-5.7L4.5 11l5.7-1.9z" />
      <path d="M19 3v3M17.5 4.5h3" />
    </svg>
  );
}

function StopIcon() {
  return (
    <svg width={14} height={14} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <rect x="6" y="6" width="12" height="12" rx="2" />
    </svg>
  );
}

/** The state of the result, beside its heading: seen at a glance, and said by the live region below. */
function PhaseBadge({ phase }: { phase: Phase }) {
  const { t } = useLingui();
  if (phase === 'starting' || phase === 'streaming')
    return (
      <Badge $tone="info">
        <Spinner size={12} />
        {t`Writing…`}
      </Badge>
    );
  if (phase === 'done') return <Badge $tone="success">{t`Complete`}</Badge>;
  if (phase === 'stopped') return <Badge $tone="warning">{t`Stopped`}</Badge>;
  if (phase === 'failed') return <Badge $tone="danger">{t`Failed`}</Badge>;
  return null;
}

/**
 * The improved prompt as it grows: the one part that renders again on each piece of the stream. The newest
 * text stays in view, unless the user scrolled up to read.
 */
function StreamedText({
  optimizer,
  box,
  followEnd,
}: {
  optimizer: OptimizerActor;
  box: RefObject<HTMLDivElement | null>;
  followEnd: RefObject<boolean>;
}) {
  const { t } = useLingui();
  const text = useSelector(optimizer, (s) => s.context.text);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new text is the trigger
  useLayoutEffect(() => {
    const el = box.current;
    if (el && followEnd.current) el.scrollTop = el.scrollHeight;
  }, [text]);
  return text || <Placeholder>{t`Waiting for the AI…`}</Placeholder>;
}

/**
 * "Optimise with AI": its button asks the editor (`prompt.optimiseRequested`), which starts the optimiser
 * with the prompt in the editor; the streamed text, Stop, Apply and Discard render the optimiser. The text
 * is not a live region (a screen reader would read every piece): a polite status says once that the work
 * started, finished or stopped, and a failure is an alert.
 */
export function PromptOptimizer({ optimizer }: { optimizer: OptimizerActor }) {
  const { t } = useLingui();
  const text = useText();
  const editor = useEditorActor();
  const canOptimise = useEditor((s) => s.can({ type: 'prompt.optimiseRequested' }));
  const phase = useSelector(optimizer, phaseOf);
  // Only whether there is text: the text itself renders in StreamedText, alone on each piece.
  const hasText = useSelector(optimizer, (s) => s.context.text !== '');
  const error = useSelector(optimizer, (s) => s.context.error);
  const canStop = useSelector(optimizer, (s) => s.can({ type: 'optimise.stopped' }));
  const canApply = useSelector(optimizer, (s) => s.can({ type: 'optimise.applied' }));
  const canDiscard = useSelector(optimizer, (s) => s.can({ type: 'optimise.discarded' }));
  const notOffered = useSelector(optimizer, (s) => s.hasTag('notOffered'));
  const busy = phase === 'starting' || phase === 'streaming';
  // What the user last did with a result, for the status line once the panel has gone.
  const [outcome, setOutcome] = useState<'applied' | 'discarded' | null>(null);

  const hintId = useId();
  const headingId = useId();
  const noteId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const optimise = useRef<HTMLButtonElement>(null);
  const output = useRef<HTMLDivElement>(null);
  const stickToEnd = useRef(true);

  // Focus in the panel when a render removes the focused button (Stop giving way to Apply, the panel
  // closing): read before React commits, then given to the next action, or back to Optimise.
  const focusInPanel = useRef(false);
  focusInPanel.current = !!panel.current?.contains(globalThis.document?.activeElement ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new phase is what may have removed the focus
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (!focusInPanel.current || (active && active !== document.body && active.isConnected)) return;
    const next = panel.current?.querySelector<HTMLButtonElement>('[data-next-focus]') ?? optimise.current;
    next?.focus();
  }, [phase]);

  const start = () => {
    setOutcome(null);
    stickToEnd.current = true;
    editor.send({ type: 'prompt.optimiseRequested' });
  };
  const finish = (kind: 'applied' | 'discarded') => {
    setOutcome(kind);
    optimizer.send({ type: kind === 'applied' ? 'optimise.applied' : 'optimise.discarded' });
  };

  const status =
    phase === 'starting' || phase === 'streaming'
      ? t`Optimising the prompt…`
      : phase === 'done'
        ? t`The improved prompt is ready. Apply it or discard it.`
        : phase === 'stopped'
          ? t`Optimisation stopped.`
          : phase === 'idle' && outcome === 'applied'
            ? t`Your prompt was replaced with the improved one.`
            : phase === 'idle' && outcome === 'discarded'
              ? t`The improved prompt was discarded.`
              : '';

  if (notOffered)
    return (
      <Box role="group" aria-label={t`AI optimisation`}>
        <NotOffered>{t`This server does not offer AI optimisation. Your prompt is unchanged.`}</NotOffered>
      </Box>
    );

  return (
    <Box role="group" aria-label={t`AI optimisation`}>
      <Cluster>
        <Button ref={optimise} size="sm" disabled={!canOptimise} aria-describedby={hintId} onClick={start}>
          <SparkleIcon />
          {t`Optimise with AI`}
        </Button>
        <Muted
          id={hintId}
        >{t`The AI reorganises your prompt into clear sections. Nothing changes until you apply it.`}</Muted>
      </Cluster>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {status}
      </div>
      {phase !== 'idle' && (
        <Panel ref={panel}>
          <SpreadRow>
            <h3 id={headingId}>{t`Improved prompt`}</h3>
            <PhaseBadge phase={phase} />
          </SpreadRow>
          {/* Focusable so the keyboard can scroll it; named by its heading; busy while it grows. */}
          {(busy || hasText) && (
            <Result
              ref={output}
              role="region"
              aria-labelledby={headingId}
              aria-describedby={phase === 'stopped' || phase === 'done' ? noteId : undefined}
              aria-busy={busy || undefined}
              data-incomplete={phase === 'stopped' || phase === 'failed' || undefined}
              tabIndex={0}
              onScroll={(e) => {
                const el = e.currentTarget;
                stickToEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
              }}
            >
              <StreamedText optimizer={optimizer} box={output} followEnd={stickToEnd} />
            </Result>
          )}
          {error && (
            <Alert>
              {text(error.message)} {t`Your prompt is unchanged.`}
              {error.detail && (
                <>
                  <br />
                  {error.detail}
                </>
              )}
            </Alert>
          )}
          {phase === 'stopped' && (
            <Muted
              id={noteId}
            >{t`Stopped before the end. Incomplete text cannot be applied: optimise again, or discard it.`}</Muted>
          )}
          {phase === 'done' && (
            <Muted
              id={noteId}
            >{t`Apply replaces your prompt with this text. It stays unsaved until you save.`}</Muted>
          )}
          <Cluster>
            {canStop && (
              <Button size="sm" onClick={() => optimizer.send({ type: 'optimise.stopped' })}>
                <StopIcon />
                {t`Stop`}
              </Button>
            )}
            {canApply && (
              <Button size="sm" variant="primary" data-next-focus onClick={() => finish('applied')}>
                {t`Apply`}
              </Button>
            )}
            {canDiscard && (
              <Button
                size="sm"
                data-next-focus={canApply ? undefined : true}
                onClick={() => finish('discarded')}
              >
                {t`Discard`}
              </Button>
            )}
          </Cluster>
        </Panel>
      )}
    </Box>
  );
}
