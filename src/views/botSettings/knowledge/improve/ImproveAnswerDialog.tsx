import { Trans, useLingui } from '@lingui/react/macro';
import { shallowEqual, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { MAX_QA_ANSWER_LENGTH, MAX_QA_QUESTION_LENGTH } from '../../../../api/schemas/knowledgeQa';
import { botSettingsUrl } from '../../../../machines/botSettings/address';
import type { improveAnswerMachine } from '../../../../machines/botSettings/knowledge/improve/improveAnswer.machine';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { DialogFooter, DialogForm, FormFooter, Modal } from '../../../ui/Dialog';
import { ErrorPanel, NotOffered, PanelLoading } from '../../../ui/Feedback';
import { SelectField, TextAreaField } from '../../../ui/Field';
import { useLoadedActor } from '../../../ui/loadedActor';
import { useText } from '../../../ui/text';

type ImproveActor = ActorRefFrom<typeof improveAnswerMachine>;

const Form = styled(DialogForm)`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

/** What the bot said, quoted as text. */
const Said = styled.blockquote`
  margin: 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-left: 3px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  max-height: 8rem;
  overflow: auto;
`;

/**
 * "Improve this answer": the right answer to a customer's message, saved as a question-and-answer entry of
 * the bot's knowledge (its flow: improveAnswer.machine.ts, run by chat history while this is open).
 */
export default function ImproveAnswerDialog({
  standIn,
  onClose,
}: {
  standIn: AnyActorRef | undefined;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const actor = useLoadedActor<ImproveActor>(standIn);
  return (
    <Modal
      open
      onClose={onClose}
      title={t`Improve this answer`}
      description={t`Write the answer the bot should have given. It becomes a question and answer of the bot's knowledge, used the next time a customer asks this, or something close.`}
      width={600}
    >
      {actor ? <ImproveForm actor={actor} onClose={onClose} /> : <PanelLoading />}
    </Modal>
  );
}

function ImproveForm({ actor, onClose }: { actor: ImproveActor; onClose: () => void }) {
  const { t } = useLingui();
  const text = useText();
  const view = useSelector(
    actor,
    (s) => ({
      state: s.value,
      question: s.context.question,
      answer: s.context.answer,
      botAnswer: s.context.botAnswer,
      botId: s.context.botId,
      chatbotId: s.context.chatbotId,
      bots: s.context.bots,
      error: s.context.error,
      saved: s.context.saved,
      busy: s.hasTag('busy'),
    }),
    shallowEqual,
  );
  const change = (patch: { question?: string; answer?: string; botId?: string | null }) =>
    actor.send({ type: 'draft.changed', patch });

  if (view.state === 'loadingBots') return <PanelLoading />;
  if (view.state === 'botsFailed') {
    return (
      <ErrorPanel
        title={t`Your chatbots could not be loaded`}
        message={view.error && text(view.error)}
        onRetry={() => actor.send({ type: 'retry' })}
      />
    );
  }
  if (view.state === 'notOffered') {
    return (
      <>
        <NotOffered>
          <Trans>Improving answers is not offered by this server.</Trans>
        </NotOffered>
        <DialogFooter>
          <Button onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </DialogFooter>
      </>
    );
  }
  if (view.state === 'saved' && view.botId) {
    return (
      <>
        <Alert tone="success">
          <strong>
            <Trans>Saved to the bot's knowledge.</Trans>
          </strong>{' '}
          <Trans>The bot will use this answer when a customer asks this question, or a close one.</Trans>
        </Alert>
        <DialogFooter>
          <Link href={botSettingsUrl({ botId: view.botId, tab: 'knowledge' })}>
            <Trans>Open the bot's knowledge</Trans>
          </Link>
          <Button variant="primary" onClick={onClose}>
            <Trans>Done</Trans>
          </Button>
        </DialogFooter>
      </>
    );
  }
  return (
    <Form busy={view.busy} onSubmit={() => actor.send({ type: 'save' })}>
      {view.botAnswer && (
        <div>
          <p>
            <Trans>The bot said:</Trans>
          </p>
          <Said>{view.botAnswer}</Said>
        </div>
      )}
      {view.chatbotId === null && (
        <SelectField
          label={t`Chatbot`}
          hint={t`Which bot should learn this answer.`}
          value={view.botId ?? ''}
          onChange={(e) => change({ botId: e.target.value || null })}
        >
          <option value="">{t`Choose a chatbot`}</option>
          {view.bots.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
      )}
      <TextAreaField
        label={t`Customer's question`}
        hint={t`Edit it so it reads as the question customers ask.`}
        rows={2}
        maxLength={MAX_QA_QUESTION_LENGTH}
        value={view.question}
        onChange={(e) => change({ question: e.target.value })}
      />
      <TextAreaField
        label={t`The right answer`}
        rows={5}
        maxLength={MAX_QA_ANSWER_LENGTH}
        value={view.answer}
        onChange={(e) => change({ answer: e.target.value })}
      />
      {view.error && <Alert>{text(view.error)}</Alert>}
      <FormFooter busy={view.busy} canSubmit={!view.busy} onCancel={onClose}>
        <Trans>Save answer</Trans>
      </FormFooter>
    </Form>
  );
}
