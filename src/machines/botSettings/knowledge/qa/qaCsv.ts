import {
  MAX_QA_ANSWER_LENGTH,
  MAX_QA_QUESTION_LENGTH,
  type QaEntryBody,
} from '../../../../api/schemas/knowledgeQa';

/*
 * Q&A entries as a CSV file (RFC 4180), both ways, without React or XState: read a file the user chose into
 * rows, each with what keeps it from being imported, and write the bot's entries as a file a spreadsheet opens
 * (UTF-8 with a BOM, so Chinese reads right) and never runs as a formula.
 */

const BOM = '\uFEFF';

/** Header cells naming the two columns, in the three languages (compared without case). */
const QUESTION_HEADERS = new Set(['question', '问题', '問題']);
const ANSWER_HEADERS = new Set(['answer', '答案']);

/**
 * What a spreadsheet may run as a formula (OWASP "CSV injection"): a formula character (=, +, -, @, tab,
 * carriage return, or the fullwidth forms some apps read as theirs), also behind leading spaces or invisible
 * characters, which spreadsheets skip.
 */
const FORMULA_START = /^[\s\u200b-\u200d\u2060\ufeff]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/u;

/**
 * Whether a cell needs the neutralising apostrophe. Leading apostrophes are looked through, so that a text
 * which itself starts with `'=` also gets one and comes back whole from `restoreCell`.
 */
const runsAsFormula = (value: string) => FORMULA_START.test(value.replace(/^'+/, ''));

/** One cell: an apostrophe before what a spreadsheet would run, then RFC 4180 quoting where needed. */
export function csvCell(value: string): string {
  const safe = runsAsFormula(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Undoes `csvCell`'s apostrophe: only one the export added (an apostrophe before a formula start). */
export function restoreCell(cell: string): string {
  return cell.startsWith("'") && runsAsFormula(cell.slice(1)) ? cell.slice(1) : cell;
}

/** The entries as a CSV file: a BOM, a `question,answer` header, CRLF line ends. */
export function qaEntriesToCsv(entries: readonly QaEntryBody[]): string {
  const rows = [['question', 'answer'], ...entries.map((e) => [e.question, e.answer])];
  return `${BOM}${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Questions compared as the bot reads them: same letters and words, whatever the case, width, spaces or marks. */
export const normalizeQuestion = (question: string) =>
  question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** One record of the file: its cells, the line it starts on, whether a quote was left open. */
interface CsvRecord {
  line: number;
  cells: string[];
  unterminated: boolean;
}

/** Splits RFC 4180 text into records (CRLF or LF; commas, quotes and line breaks inside quotes). */
export function parseCsvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let line = 1;
  let record: CsvRecord = { line, cells: [], unterminated: false };
  let cell = '';
  let quoted = false;
  let i = 0;
  const endCell = () => {
    record.cells.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    records.push(record);
    record = { line, cells: [], unterminated: false };
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
      i++;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      line++;
      endRecord();
    } else cell += c;
    i++;
  }
  if (quoted) record.unterminated = true;
  // A last line without its line break is a record too; the empty one after a final break is not.
  if (quoted || cell !== '' || record.cells.length > 0) endRecord();
  return records;
}

export type QaCsvRowProblem =
  | { kind: 'questionMissing' }
  | { kind: 'answerMissing' }
  | { kind: 'questionTooLong'; max: number }
  | { kind: 'answerTooLong'; max: number }
  /** The same question as an earlier row of the file (its line). */
  | { kind: 'duplicate'; line: number }
  /** The bot already has an entry with this question. */
  | { kind: 'exists' }
  | { kind: 'unterminatedQuote' }
  | { kind: 'tooManyColumns'; count: number; max: number }
  /** The server refused the row on import, in its own words. */
  | { kind: 'server'; message: string };

export interface QaCsvRow {
  /** The file's line the row starts on (the header is line 1 when it is first). */
  line: number;
  question: string;
  answer: string;
  problems: QaCsvRowProblem[];
}

export type QaCsvFileProblem =
  /** Not a CSV file with `question` and `answer` columns. */
  | { kind: 'notCsv' }
  /** No entries in it. */
  | { kind: 'empty' }
  /** More rows than the bot has room for under its limit. */
  | { kind: 'overLimit'; rows: number; room: number }
  /** Too large to read (the import refuses it before reading it). */
  | { kind: 'tooLarge'; maxBytes: number };

export interface QaCsvPreview {
  rows: QaCsvRow[];
  problem: QaCsvFileProblem | null;
}

export interface QaCsvContext {
  /** The bot's questions now (all of them, not a search's). */
  existing: readonly string[];
  /** How many entries the plan allows (null: no limit told). */
  limit: number | null;
}

const isBlank = (r: CsvRecord) => !r.unterminated && r.cells.every((c) => c.trim() === '');

function columnsOf(header: CsvRecord): { question: number; answer: number } | null {
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const question = names.findIndex((n) => QUESTION_HEADERS.has(n));
  const answer = names.findIndex((n) => ANSWER_HEADERS.has(n));
  return question < 0 || answer < 0 ? null : { question, answer };
}

function problemsOf(question: string, answer: string, record: CsvRecord, width: number): QaCsvRowProblem[] {
  const problems: QaCsvRowProblem[] = [];
  if (record.unterminated) problems.push({ kind: 'unterminatedQuote' });
  if (record.cells.length > width) {
    problems.push({ kind: 'tooManyColumns', count: record.cells.length, max: width });
  }
  if (!question) problems.push({ kind: 'questionMissing' });
  else if (question.length > MAX_QA_QUESTION_LENGTH) {
    problems.push({ kind: 'questionTooLong', max: MAX_QA_QUESTION_LENGTH });
  }
  if (!answer) problems.push({ kind: 'answerMissing' });
  else if (answer.length > MAX_QA_ANSWER_LENGTH) {
    problems.push({ kind: 'answerTooLong', max: MAX_QA_ANSWER_LENGTH });
  }
  return problems;
}

/** Reads a file's text into rows to preview, each with its problems, and what is wrong with the whole file. */
export function parseQaCsv(text: string, { existing, limit }: QaCsvContext): QaCsvPreview {
  // A NUL never appears in text a spreadsheet saved: this is some other kind of file.
  if (text.includes('\0')) return { rows: [], problem: { kind: 'notCsv' } };
  const records = parseCsvRecords(text.startsWith(BOM) ? text.slice(1) : text).filter((r) => !isBlank(r));
  const [header, ...data] = records;
  if (!header) return { rows: [], problem: { kind: 'empty' } };
  const columns = columnsOf(header);
  if (!columns) return { rows: [], problem: { kind: 'notCsv' } };
  const width = header.cells.length;
  const known = new Set(existing.map(normalizeQuestion));
  const firstLine = new Map<string, number>();
  const rows = data.map((record): QaCsvRow => {
    const question = restoreCell((record.cells[columns.question] ?? '').trim()).trim();
    const answer = restoreCell((record.cells[columns.answer] ?? '').trim()).trim();
    const problems = problemsOf(question, answer, record, width);
    const key = normalizeQuestion(question);
    if (key) {
      const earlier = firstLine.get(key);
      if (earlier !== undefined) problems.push({ kind: 'duplicate', line: earlier });
      else firstLine.set(key, record.line);
      if (known.has(key)) problems.push({ kind: 'exists' });
    }
    return { line: record.line, question, answer, problems };
  });
  if (rows.length === 0) return { rows, problem: { kind: 'empty' } };
  const room = limit === null ? null : Math.max(0, limit - existing.length);
  if (room !== null && rows.length > room) {
    return { rows, problem: { kind: 'overLimit', rows: rows.length, room } };
  }
  return { rows, problem: null };
}

/** The preview with what the server said of its rows (`row`: 1-based among the rows it was sent). */
export function withServerProblems(
  preview: QaCsvPreview,
  details: readonly { row: number; message: string }[],
): QaCsvPreview {
  return {
    ...preview,
    rows: preview.rows.map((r, index) => {
      const said = details.filter((d) => d.row === index + 1);
      return said.length === 0
        ? r
        : {
            ...r,
            problems: [...r.problems, ...said.map((d) => ({ kind: 'server' as const, message: d.message }))],
          };
    }),
  };
}

/** The entries a preview imports, or null while it has a bad row or a file problem. */
export function importableEntries(preview: QaCsvPreview): QaEntryBody[] | null {
  if (preview.problem !== null || preview.rows.some((r) => r.problems.length > 0)) return null;
  return preview.rows.map(({ question, answer }) => ({ question, answer }));
}
