import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QaCsvFileProblem, QaCsvRowProblem } from '../../../../machines/botSettings/knowledge/qa/qaCsv';

/** What keeps a row of the file from being imported, in the user's words. */
export function rowProblemText(problem: QaCsvRowProblem): MessageDescriptor | string {
  switch (problem.kind) {
    case 'questionMissing':
      return msg`The question is missing.`;
    case 'answerMissing':
      return msg`The answer is missing.`;
    case 'questionTooLong': {
      const { max } = problem;
      return msg`The question is longer than ${max} characters.`;
    }
    case 'answerTooLong': {
      const { max } = problem;
      return msg`The answer is longer than ${max} characters.`;
    }
    case 'duplicate': {
      const { line } = problem;
      return msg`The same question is on line ${line}.`;
    }
    case 'exists':
      return msg`The bot already has this question.`;
    case 'unterminatedQuote':
      return msg`A quotation mark is opened and never closed.`;
    case 'tooManyColumns': {
      const { count, max } = problem;
      return msg`It has ${count} cells; the header has ${max}.`;
    }
    case 'server':
      return problem.message;
  }
}

/** What keeps the whole file from being imported. */
export function fileProblemText(problem: QaCsvFileProblem): MessageDescriptor {
  switch (problem.kind) {
    case 'notCsv':
      return msg`This is not a CSV file of questions and answers: its first line must name the columns "question" and "answer".`;
    case 'empty':
      return msg`The file has no questions and answers.`;
    case 'overLimit': {
      const { rows, room } = problem;
      return msg`The file has ${rows} questions, but the bot has room for ${room} more.`;
    }
    case 'tooLarge': {
      const megabytes = Math.floor(problem.maxBytes / 1_000_000);
      return msg`The file is too large: a CSV file can be at most ${megabytes} MB.`;
    }
  }
}
