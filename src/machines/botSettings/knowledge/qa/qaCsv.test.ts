import { describe, expect, it } from 'vitest';
import { MAX_QA_ANSWER_LENGTH, MAX_QA_QUESTION_LENGTH } from '../../../../api/schemas/knowledgeQa';
import {
  csvCell,
  importableEntries,
  normalizeQuestion,
  parseCsvRecords,
  parseQaCsv,
  type QaCsvContext,
  qaEntriesToCsv,
  restoreCell,
} from './qaCsv';

const none: QaCsvContext = { existing: [], limit: null };
const rowsOf = (text: string, context = none) => parseQaCsv(text, context).rows;

describe('reading CSV records (RFC 4180)', () => {
  it('reads quoted cells with doubled quotes, commas and line breaks, with CRLF or LF', () => {
    const text = 'a,"b ""quoted"", too"\r\n"line one\r\nline two",c\nlast,"x"';
    expect(parseCsvRecords(text)).toEqual([
      { line: 1, cells: ['a', 'b "quoted", too'], unterminated: false },
      { line: 2, cells: ['line one\r\nline two', 'c'], unterminated: false },
      { line: 4, cells: ['last', 'x'], unterminated: false },
    ]);
  });

  it('does not count the empty line after a final line break, but does count an empty last cell', () => {
    expect(parseCsvRecords('a,b\n').map((r) => r.cells)).toEqual([['a', 'b']]);
    expect(parseCsvRecords('a,').map((r) => r.cells)).toEqual([['a', '']]);
    expect(parseCsvRecords('')).toEqual([]);
  });

  it('marks a quote left open, keeping what it read', () => {
    expect(parseCsvRecords('a,b\n"open,c\nd')).toEqual([
      { line: 1, cells: ['a', 'b'], unterminated: false },
      { line: 2, cells: ['open,c\nd'], unterminated: true },
    ]);
  });

  it('keeps a quote inside an unquoted cell as a character', () => {
    expect(parseCsvRecords('5" screen,yes')[0]?.cells).toEqual(['5" screen', 'yes']);
  });
});

describe('reading a Q&A file', () => {
  it('finds the columns by their header in any case and order, skipping a BOM and blank lines', () => {
    const preview = parseQaCsv('\uFEFFAnswer,QUESTION\r\n\r\nYes.,Do you ship?\r\n  \r\n', none);
    expect(preview).toEqual({
      rows: [{ line: 3, question: 'Do you ship?', answer: 'Yes.', problems: [] }],
      problem: null,
    });
  });

  it.each([
    ['问题,答案\n营业时间？,九点到六点。', '营业时间？', '九点到六点。'],
    ['問題,答案\n營業時間？,九點到六點。', '營業時間？', '九點到六點。'],
  ])('accepts Chinese headers: %s', (text, question, answer) => {
    expect(rowsOf(text)).toEqual([{ line: 2, question, answer, problems: [] }]);
  });

  it('trims cells and removes only the apostrophe an export added', () => {
    expect(rowsOf("question,answer\n  '=SUM(A1) , '-1 \n'quoted',it's")).toEqual([
      { line: 2, question: '=SUM(A1)', answer: '-1', problems: [] },
      { line: 3, question: "'quoted'", answer: "it's", problems: [] },
    ]);
  });

  it('says what is wrong with each row', () => {
    const long = 'q'.repeat(MAX_QA_QUESTION_LENGTH + 1);
    const longAnswer = 'a'.repeat(MAX_QA_ANSWER_LENGTH + 1);
    const text = [
      'question,answer',
      ',An answer.',
      'No answer?,',
      `${long},${longAnswer}`,
      'Do you ship?,Yes.',
      'do  you SHIP,Again.',
      'Opening hours?,9 to 6.',
      'Three,columns,here',
      'Open quote?,"never closed',
    ].join('\n');
    const rows = rowsOf(text, { existing: ['Opening hours'], limit: null });
    expect(rows.map((r) => [r.line, r.problems])).toEqual([
      [2, [{ kind: 'questionMissing' }]],
      [3, [{ kind: 'answerMissing' }]],
      [
        4,
        [
          { kind: 'questionTooLong', max: MAX_QA_QUESTION_LENGTH },
          { kind: 'answerTooLong', max: MAX_QA_ANSWER_LENGTH },
        ],
      ],
      [5, []],
      [6, [{ kind: 'duplicate', line: 5 }]],
      [7, [{ kind: 'exists' }]],
      [8, [{ kind: 'tooManyColumns', count: 3, max: 2 }]],
      [9, [{ kind: 'unterminatedQuote' }]],
    ]);
    expect(importableEntries(parseQaCsv(text, none))).toBeNull();
  });

  it('accepts cells at the limits', () => {
    const question = 'q'.repeat(MAX_QA_QUESTION_LENGTH);
    const answer = 'a'.repeat(MAX_QA_ANSWER_LENGTH);
    expect(rowsOf(`question,answer\n${question},${answer}`)[0]?.problems).toEqual([]);
  });

  it('says what is wrong with the whole file', () => {
    expect(parseQaCsv('', none).problem).toEqual({ kind: 'empty' });
    expect(parseQaCsv('\uFEFF\r\n\r\n', none).problem).toEqual({ kind: 'empty' });
    expect(parseQaCsv('question,answer\r\n', none).problem).toEqual({ kind: 'empty' });
    expect(parseQaCsv('name,email\nAva,a@b.c', none).problem).toEqual({ kind: 'notCsv' });
    expect(parseQaCsv('PK\u0003\u0004\0\0binary', none).problem).toEqual({ kind: 'notCsv' });
    const three = 'question,answer\nA?,a\nB?,b\nC?,c';
    expect(parseQaCsv(three, { existing: ['X?'], limit: 3 }).problem).toEqual({
      kind: 'overLimit',
      rows: 3,
      room: 2,
    });
    expect(parseQaCsv(three, { existing: ['X?'], limit: 4 }).problem).toBeNull();
    expect(parseQaCsv(three, { existing: ['X?', 'Y?'], limit: 1 }).problem).toEqual({
      kind: 'overLimit',
      rows: 3,
      room: 0,
    });
  });

  it('gives the entries of a file without problems', () => {
    expect(importableEntries(parseQaCsv('question,answer\nA?,a\nB?,b', none))).toEqual([
      { question: 'A?', answer: 'a' },
      { question: 'B?', answer: 'b' },
    ]);
  });
});

describe('writing a Q&A file', () => {
  it('quotes where RFC 4180 needs it and starts with a BOM and a header', () => {
    expect(qaEntriesToCsv([{ question: 'Price, "VIP"?', answer: 'Line 1\nLine 2' }])).toBe(
      '\uFEFFquestion,answer\r\n"Price, ""VIP""?","Line 1\nLine 2"\r\n',
    );
  });

  it.each(['=SUM(A1)', '+1', '-1', '@cmd', '\tx', '\rx', ' =x', '＝x', "'=x"])('neutralises %j', (value) => {
    expect(
      csvCell(value)
        .replace(/^"/, '')
        .startsWith(`'${value.slice(0, 1)}`),
    ).toBe(true);
    expect(restoreCell(csvCell(value).replace(/^"|"$/g, ''))).toBe(value);
  });

  it('leaves plain cells alone', () => {
    expect(csvCell('Do you ship?')).toBe('Do you ship?');
    expect(csvCell("it's")).toBe("it's");
    expect(restoreCell("'hello")).toBe("'hello");
  });

  it('gives back the same entries when its file is read again', () => {
    const entries = [
      { question: '=SUM(A1)', answer: '+86 138 0000 0000' },
      { question: '营业时间？', answer: '周一至周五，9:00-18:00。\n周末休息。' },
      { question: "'=quoted", answer: '@team, "hi"' },
      { question: '-5% off?', answer: "Yes, it's -5%." },
    ];
    const preview = parseQaCsv(qaEntriesToCsv(entries), none);
    expect(preview.problem).toBeNull();
    expect(importableEntries(preview)).toEqual(entries);
  });

  it('compares questions whatever the case, width, spaces or marks', () => {
    expect(normalizeQuestion('  Do you   SHIP?? ')).toBe('do you ship');
    expect(normalizeQuestion('营业时间？')).toBe(normalizeQuestion('营业时间?'));
    expect(normalizeQuestion('ＡＢＣ')).toBe('abc');
  });
});
