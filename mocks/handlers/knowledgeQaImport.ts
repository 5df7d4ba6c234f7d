import { HttpResponse } from 'msw';
import type * as z from 'zod/mini';
import { ErrorCodes } from '../../src/api/errorCodes';
import type { ErrorBody } from '../../src/api/schemas/common';
import { QaEntryBodySchema, type QaImportResult } from '../../src/api/schemas/knowledgeQa';
import { normalizeQuestion } from '../../src/machines/botSettings/knowledge/qa/qaCsv';
import { ownBot } from './chatbots';
import { authedRoute, errorResponse, fail } from './common';
import { givenQaEntry, QA_LIMIT, qaEntriesOf } from './knowledgeQa';

/*
 * Many Q&A entries at once (a CSV import, issue 33), all or none: see src/api/schemas/knowledgeQa.ts. One bad
 * entry (missing, too long, a question twice in the list or already the bot's) refuses the whole list with
 * 400 VALIDATION_FAILED and a `details` row per problem; entries that would pass QA_LIMIT refuse it with 409
 * QA_LIMIT_REACHED, as a single add does. Nothing is saved when it is refused.
 */

type RowProblem = NonNullable<ErrorBody['details']>[number] & {
  /** 1-based position in `entries`. */
  row: number;
  field: string;
};

function rowProblems(entries: unknown[], existing: string[]): RowProblem[] {
  const known = new Set(existing.map(normalizeQuestion));
  const seen = new Set<string>();
  return entries.flatMap((raw, index): RowProblem[] => {
    const row = index + 1;
    const parsed = QaEntryBodySchema.safeParse(raw);
    if (!parsed.success) {
      return parsed.error.issues.map((issue: z.core.$ZodIssue) => ({
        row,
        field: issue.path.join('.') || 'entry',
        message: issue.message,
      }));
    }
    const key = normalizeQuestion(parsed.data.question);
    if (known.has(key)) return [{ row, field: 'question', message: 'The bot already has this question' }];
    if (seen.has(key)) return [{ row, field: 'question', message: 'The same question is in the list twice' }];
    seen.add(key);
    return [];
  });
}

function refuseRows(problems: RowProblem[]) {
  const first = problems[0] as RowProblem;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  const body: ErrorBody = {
    statusCode: 400,
    message: `Row ${first.row}, ${first.field}: ${first.message}${more}`,
    error: 'Bad Request',
    code: ErrorCodes.validation,
    details: problems,
  };
  return HttpResponse.json(body, { status: 400 });
}

async function readEntries(request: Request): Promise<unknown[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(await request.text());
  } catch {
    throw fail.validation('body: not valid JSON');
  }
  const entries = (raw as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(entries) || entries.length === 0) throw fail.validation('entries: at least one entry');
  return entries;
}

export const knowledgeQaImportHandlers = [
  authedRoute('post', '/chatbots/:id/qa/import', async ({ request, params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    const entries = await readEntries(request);
    const existing = qaEntriesOf(bot.id);
    const problems = rowProblems(
      entries,
      existing.map((e) => e.question),
    );
    if (problems.length > 0) return refuseRows(problems);
    if (existing.length + entries.length > QA_LIMIT) {
      return errorResponse(409, `A bot keeps at most ${QA_LIMIT} questions and answers`, {
        code: 'QA_LIMIT_REACHED',
        limit: { name: 'qaEntryLimit', max: QA_LIMIT },
      });
    }
    const created = [];
    for (const entry of entries)
      created.push(await givenQaEntry(user.id, bot.id, QaEntryBodySchema.parse(entry)));
    return HttpResponse.json({ created } satisfies QaImportResult, { status: 201 });
  }),
];
