import type { PassageSource, RetrievedPassage } from '../src/api/schemas/retrieval';
import { TOPICS, TOPICS_ZH, type Topic } from './conversations';
import { db } from './db';
import { qaAnswerFor, qaEntriesOf } from './handlers/knowledgeQa';
import { crawledPagesOf } from './handlers/knowledgeSources';
import { qaSimilarity } from './qaMatch';

/*
 * The mock's retrieval index (issue 33): the passages a bot can draw on, from each kind of source it has, and
 * how well each matches a question. Deterministic and in the three languages, with qaMatch's similarity
 * (normalised words, Chinese character pairs, traditional read as simplified, Dice), 0 to 1: a passage scores
 * the best of its whole text's similarity and its keywords' (a Q&A entry's question; a file's or page's
 * title and each word of its subject, weighed less, since a subject is not an answer). Dice favours short texts, so a question
 * of few words would otherwise find the shortest passage sharing any word with it rather than the one about
 * its subject. Equal scores go to the passage whose text is closer, then keep the index's order (Q&A, files,
 * pages).
 */

/** A passage as indexed: what the client sees, and the texts its score is taken from. */
export interface IndexedPassage {
  id: string;
  text: string;
  source: PassageSource;
  /** The whole text matched, its source's title included. */
  body: string;
  /** What the passage is about (each matched alone), and how much a match on it counts (1: as the text). */
  keywords: string[];
  keywordWeight: number;
}

/** How much a match on a file's or page's title and subject counts against a match on its text. */
const SUBJECT_WEIGHT = 0.6;

/** The passages below this score are not used by the test chat's reply (the retrieval test shows them). */
export const PASSAGE_USE_THRESHOLD = 0.2;

/** A Q&A entry is one passage: its question and answer, matched on the question alone too. */
function qaPassages(botId: string): IndexedPassage[] {
  return qaEntriesOf(botId).map((e) => ({
    id: `qa:${e.id}`,
    text: `${e.question}\n${e.answer}`,
    source: { kind: 'qa', id: e.id, name: e.question },
    body: `${e.question} ${e.answer}`,
    keywords: [e.question],
    keywordWeight: 1,
  }));
}

/** Words of file names that say which topic a document covers, beyond the topics' own cues. */
const FILE_HINTS: Record<string, string> = {
  catalog: 'pricing',
  catalogue: 'pricing',
  troubleshoot: 'technical',
  release: 'technical',
};

/** "return-policy.pdf" -> "return policy". */
const titleOf = (fileName: string) =>
  fileName
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();

/** The topics a file covers, from the words of its name (in the topics' order). */
function fileTopics(fileName: string): Topic[] {
  const words = titleOf(fileName).toLowerCase().split(/\s+/);
  const hinted = new Set(
    Object.entries(FILE_HINTS)
      .filter(([hint]) => words.some((w) => w.startsWith(hint)))
      .map(([, topic]) => topic),
  );
  return TOPICS.filter(
    (t) => hinted.has(t.name) || t.cues.some((cue) => words.some((w) => w === cue || w.startsWith(cue))),
  );
}

/**
 * A file's passages. The mock keeps no file's text, so a file reads as what its name promises: the answers of
 * the demo's topics it covers, in English and Chinese; a file about none of them gives one passage naming it.
 */
function filePassagesOf(file: { fileIdOnPlatform: string; name: string }): IndexedPassage[] {
  const title = titleOf(file.name);
  const source: PassageSource = { kind: 'file', id: file.fileIdOnPlatform, name: file.name };
  const topics = fileTopics(file.name);
  const texts = topics.flatMap((t) => [...t.answers, ...(TOPICS_ZH[t.name]?.answers ?? [])]);
  const passages = texts.length > 0 ? texts : [`${title}: the document as uploaded, not yet summarised.`];
  const subject = topics.flatMap((t) => [t.name, ...t.cues, ...(TOPICS_ZH[t.name]?.cues ?? [])]);
  return passages.map((text, i) => ({
    id: `file:${file.fileIdOnPlatform}:${i + 1}`,
    text,
    source,
    body: `${title} ${text}`,
    keywords: [title, ...subject],
    keywordWeight: SUBJECT_WEIGHT,
  }));
}

const filePassages = (botId: string): IndexedPassage[] =>
  (db.chatbots.findFirst((q) => q.where((b) => b.id === botId))?.KnowledgeBaseFile ?? []).flatMap(
    filePassagesOf,
  );

/** A crawled web page's passages: a paragraph each (for the website source's crawl when it is indexed). */
export function pagePassages(pages: ReadonlyArray<{ url: string; title: string; text: string }>) {
  return pages.flatMap((page, p) =>
    page.text
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean)
      .map(
        (text, i): IndexedPassage => ({
          id: `page:${p + 1}:${i + 1}`,
          text,
          source: { kind: 'page', name: page.title, url: page.url },
          body: `${page.title} ${text}`,
          keywords: [page.title],
          keywordWeight: SUBJECT_WEIGHT,
        }),
      ),
  );
}

/** Each kind of source the index reads, in the order equal scores keep. */
const SOURCES: ReadonlyArray<(botId: string) => IndexedPassage[]> = [
  qaPassages,
  filePassages,
  (botId) => pagePassages(crawledPagesOf(botId)),
];

/** Every passage of a bot, in the index's order. */
export const passagesOf = (botId: string): IndexedPassage[] => SOURCES.flatMap((source) => source(botId));

/** Three decimals, so that the same score is the same figure. */
const rounded = (n: number) => Math.round(1000 * n) / 1000;

/** How well a passage matches a question, 0 to 1. */
export const passageScore = (query: string, p: Pick<IndexedPassage, 'body' | 'keywords' | 'keywordWeight'>) =>
  rounded(
    Math.max(qaSimilarity(query, p.body), ...p.keywords.map((k) => p.keywordWeight * qaSimilarity(query, k))),
  );

/** The `limit` passages that best match `query`, best first; a passage sharing nothing with it is left out. */
export function retrieve(botId: string, query: string, limit: number): RetrievedPassage[] {
  return (
    passagesOf(botId)
      .map((p) => ({ p, score: passageScore(query, p), closeness: qaSimilarity(query, p.body) }))
      .filter(({ score }) => score > 0)
      // A stable sort: what is still equal keeps the index's order.
      .sort((a, b) => b.score - a.score || b.closeness - a.closeness)
      .slice(0, limit)
      .map(({ p: { id, text, source }, score }) => ({ id, text, source, score }))
  );
}

/** How many passages a test chat reply names at most. */
export const REPLY_PASSAGE_LIMIT = 3;

/**
 * The passages a test chat reply used: the Q&A entry it answered with first (qaReply's, when there is one),
 * then the index's best matches at or above PASSAGE_USE_THRESHOLD.
 */
export function replyPassages(botId: string, message: string): RetrievedPassage[] {
  const answeredWith = qaAnswerFor(botId, message);
  const first: RetrievedPassage[] = answeredWith
    ? [
        {
          id: `qa:${answeredWith.entry.id}`,
          text: `${answeredWith.entry.question}\n${answeredWith.entry.answer}`,
          source: { kind: 'qa', id: answeredWith.entry.id, name: answeredWith.entry.question },
          score: Math.round(1000 * answeredWith.score) / 1000,
        },
      ]
    : [];
  const rest = retrieve(botId, message, REPLY_PASSAGE_LIMIT + 1).filter(
    (p) => p.score >= PASSAGE_USE_THRESHOLD && !first.some((f) => f.id === p.id),
  );
  return [...first, ...rest].slice(0, REPLY_PASSAGE_LIMIT);
}
