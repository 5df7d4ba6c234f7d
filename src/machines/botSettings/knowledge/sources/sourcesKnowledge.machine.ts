import { and, not } from 'xstate';
import type { SourceDetail, SourceList } from '../../../../api/schemas/knowledgeSources';
import { emptySourceDraft } from './sourceDraft';
import { type SourcesKnowledgeContext, sourcesKnowledgeSetup } from './sourcesKnowledge.setup';

export type {
  SourcesKnowledgeContext,
  SourcesKnowledgeEmitted,
  SourcesKnowledgeEvent,
} from './sourcesKnowledge.setup';

/**
 * The websites a bot learns from (beyond the spec), in the editor's Knowledge tab while a saved bot is open:
 * listed with the bot's pages of its limit, added (checked before sending, the draft kept through a refusal),
 * re-synced, cancelled, rescheduled and deleted after a confirmation. The open crawl is read again every
 * CRAWL_POLL_INTERVAL_MS while it crawls and the section is on screen. A server without the calls leaves it
 * `notOffered`.
 */
export const sourcesKnowledgeMachine = sourcesKnowledgeSetup.createMachine({
  id: 'sourcesKnowledge',
  type: 'parallel',
  context: ({ input }) => ({
    botId: input.botId,
    sources: [],
    pages: { used: 0, max: null },
    draft: null,
    openId: null,
    open: null,
    target: null,
    error: null,
  }),
  on: {
    'source.open': { guard: 'known', actions: ['openSource', 'startWatching'] },
    'source.close': { actions: ['closeSource', 'startWatching'] },
  },
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'list',
            src: 'list',
            input: ({ context }) => ({ botId: context.botId }),
            onDone: {
              target: 'ready',
              actions: [
                { type: 'setList', params: ({ event }) => ({ list: event.output }) },
                'startWatching',
              ],
            },
            onError: [
              { guard: 'notOffered', target: 'notOffered' },
              {
                target: 'failed',
                actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        failed: { tags: ['loadFailed'], on: { retry: 'loading' } },
        ready: workStates(),
        notOffered: { tags: ['notOffered'] },
      },
    },
    watch: {
      initial: 'off',
      states: {
        off: { on: { 'section.shown': 'on' } },
        on: {
          initial: 'start',
          on: { 'section.hidden': 'off', 'watch.start': '.start' },
          states: {
            start: {
              always: [{ guard: and(['listed', 'openToRead']), target: 'reading' }, { target: 'idle' }],
            },
            idle: {},
            reading: {
              tags: ['watching'],
              invoke: {
                id: 'read',
                src: 'read',
                input: ({ context }) => ({ botId: context.botId, id: context.openId ?? '' }),
                onDone: [
                  {
                    // Only the open source's crawl is waited on (another one's answer is listed, no more).
                    guard: ({ context, event }) =>
                      event.output.id === context.openId && event.output.status === 'crawling',
                    target: 'waiting',
                    actions: { type: 'keepSource', params: ({ event }) => ({ detail: event.output }) },
                  },
                  {
                    target: 'idle',
                    actions: { type: 'keepSource', params: ({ event }) => ({ detail: event.output }) },
                  },
                ],
                onError: [{ guard: 'gone', target: 'idle', actions: 'dropOpen' }, { target: 'stalled' }],
              },
            },
            waiting: { tags: ['watching'], after: { crawlPoll: 'reading' } },
            stalled: { tags: ['watchFailed'], on: { 'watch.refresh': 'reading' } },
          },
        },
      },
    },
  },
});

/** A call about the target source: busy while it runs, back to idle with what it answered or its failure. */
function targetCall(src: 'sync' | 'cancel' | 'update', done: 'keepSource' | 'openTarget') {
  return {
    tags: ['busy'],
    invoke: {
      id: src,
      src,
      input: ({ context }: { context: SourcesKnowledgeContext }) => ({
        botId: context.botId,
        id: context.target?.id ?? '',
        schedule: context.target?.schedule ?? 'manual',
      }),
      onDone: {
        target: 'idle',
        actions: [
          {
            type: done,
            params: ({ event }: { event: { output: SourceDetail } }) => ({ detail: event.output }),
          },
          ...(done === 'openTarget' ? ['startWatching' as const] : ['settle' as const]),
        ],
      },
      onError: [
        { guard: 'notOffered', target: '#sourcesKnowledge.data.notOffered' },
        {
          target: 'idle',
          actions: [
            'clearTarget',
            {
              type: 'setError',
              params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
            },
          ],
        },
      ],
    },
  } as const;
}

function workStates() {
  return {
    initial: 'idle',
    states: {
      idle: {
        on: {
          'draft.open': { guard: and(['belowLimit', not('hasDraft')]), actions: 'openDraft' },
          'draft.changed': { guard: 'hasDraft', actions: 'patchDraft' },
          'draft.cancel': { guard: 'hasDraft', actions: 'closeDraft' },
          'draft.submit': [
            { guard: 'draftHasProblem', actions: ['sayDraftProblem', 'tellRefusedField'] },
            { guard: 'hasDraft', target: 'saving' },
          ],
          'source.sync': { guard: 'notCrawling', target: 'syncing', actions: 'setTarget' },
          'source.cancel': { guard: 'crawling', target: 'cancelling', actions: 'setTarget' },
          'source.scheduleChanged': { guard: 'otherSchedule', target: 'updating', actions: 'setTarget' },
          'source.delete': { guard: 'known', target: 'confirming', actions: 'setTarget' },
        },
      },
      saving: {
        tags: ['busy'],
        invoke: {
          id: 'create',
          src: 'create',
          input: ({ context }: { context: SourcesKnowledgeContext }) => ({
            botId: context.botId,
            draft: context.draft ?? emptySourceDraft,
          }),
          onDone: {
            target: 'idle',
            actions: [
              {
                type: 'added',
                params: ({ event }: { event: { output: SourceDetail } }) => ({ detail: event.output }),
              },
              'startWatching',
            ],
          },
          // The form stays open with what was typed; the server's refusal is said in it.
          onError: [
            { guard: 'notOffered', target: '#sourcesKnowledge.data.notOffered' },
            {
              target: 'idle',
              actions: {
                type: 'setError',
                params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
              },
            },
          ],
        },
      },
      syncing: targetCall('sync', 'openTarget'),
      cancelling: targetCall('cancel', 'openTarget'),
      updating: targetCall('update', 'keepSource'),
      confirming: {
        tags: ['confirming'],
        on: { 'delete.confirm': 'deleting', 'delete.cancel': { target: 'idle', actions: 'clearTarget' } },
      },
      deleting: {
        tags: ['busy', 'confirming'],
        invoke: {
          id: 'remove',
          src: 'remove',
          input: ({ context }: { context: SourcesKnowledgeContext }) => ({
            botId: context.botId,
            id: context.target?.id ?? '',
          }),
          onDone: { target: 'refreshing', actions: ['dropTarget', 'startWatching'] },
          onError: [
            { guard: 'notOffered', target: '#sourcesKnowledge.data.notOffered' },
            {
              target: 'idle',
              actions: [
                'clearTarget',
                {
                  type: 'setError',
                  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
                },
              ],
            },
          ],
        },
      },
      // The bot's page count after a delete, read quietly; the list shown stays if it fails.
      refreshing: {
        invoke: {
          id: 'refresh',
          src: 'list',
          input: ({ context }: { context: SourcesKnowledgeContext }) => ({ botId: context.botId }),
          onDone: {
            target: 'idle',
            actions: {
              type: 'setList',
              params: ({ event }: { event: { output: SourceList } }) => ({ list: event.output }),
            },
          },
          onError: { target: 'idle' },
        },
      },
    },
  } as const;
}
