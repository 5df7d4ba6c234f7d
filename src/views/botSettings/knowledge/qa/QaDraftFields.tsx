import { Trans } from '@lingui/react/macro';
import type { Ref } from 'react';
import { MAX_QA_ANSWER_LENGTH, MAX_QA_QUESTION_LENGTH } from '../../../../api/schemas/knowledgeQa';
import { TextAreaField, TextField } from '../../../ui/Field';

interface QaDraft {
  question: string;
  answer: string;
}

/** A question and its answer being written: for a new or changed entry, or to answer an unanswered question. */
export function QaDraftFields({
  draft,
  onChange,
  answerRef,
}: {
  draft: QaDraft;
  onChange: (patch: Partial<QaDraft>) => void;
  answerRef?: Ref<HTMLTextAreaElement>;
}) {
  return (
    <>
      <TextField
        label={<Trans>The customer's question</Trans>}
        maxLength={MAX_QA_QUESTION_LENGTH}
        value={draft.question}
        onChange={(e) => onChange({ question: e.target.value })}
      />
      <TextAreaField
        label={<Trans>The answer</Trans>}
        rows={3}
        maxLength={MAX_QA_ANSWER_LENGTH}
        ref={answerRef}
        value={draft.answer}
        onChange={(e) => onChange({ answer: e.target.value })}
      />
    </>
  );
}
