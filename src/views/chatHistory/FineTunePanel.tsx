import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { fineTuneMachine } from '../../machines/chatHistory/fineTune/fineTune.machine';
import { serverFilter } from '../../machines/chatHistory/sessions';
import { useChildFlow } from '../../machines/useFlow';
import { Muted } from '../ui/Card';
import { ChatHistoryContext, useListedSessions } from './context';
import { ChooseStep } from './fineTune/ChooseStep';
import { FineTuneContext } from './fineTune/context';
import { LoadingStep, ReviewStep } from './fineTune/ReviewStep';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;

/**
 * One step at a time. The button that moved to the next step is gone with its step: the focus, left on the
 * page's body, goes to the new step's first control marked `data-step-focus` (Cancel, the summary, Preview).
 */
function Steps() {
  const step = FineTuneContext.useSelector((s) =>
    s.matches({ flow: 'loading' }) ? 'loading' : s.matches({ flow: 'review' }) ? 'review' : 'choosing',
  );
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step is the trigger
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    ref.current?.querySelector<HTMLElement>('[data-step-focus]')?.focus();
  }, [step]);
  return (
    <Stack ref={ref}>
      {step === 'loading' ? <LoadingStep /> : step === 'review' ? <ReviewStep /> : <ChooseStep />}
    </Stack>
  );
}

/**
 * The Fine-tune tab: a dataset for OpenAI chat fine-tuning made of the chosen conversations. Its flow is the
 * chat history's child (started with the list as it stands) and hears of each change to the list.
 */
export function FineTunePanel() {
  const screen = ChatHistoryContext.useActorRef();
  const phone = ChatHistoryContext.useSelector((s) => s.context.phone);
  const filter = ChatHistoryContext.useSelector((s) => serverFilter(s.context.filter));
  const listed = useListedSessions();
  const actor = useChildFlow(screen, 'fineTune', fineTuneMachine);

  useEffect(() => {
    actor.send({ type: 'scope.changed', scope: { phone, filter, sessions: listed } });
  }, [actor, phone, filter, listed]);

  return (
    <FineTuneContext.Provider value={actor}>
      <Stack>
        <Muted>
          <Trans>
            Turn conversations into a training file for OpenAI chat fine-tuning: one example per conversation,
            with the chatbot's prompt as the system message.
          </Trans>
        </Muted>
        <Steps />
      </Stack>
    </FineTuneContext.Provider>
  );
}
