import { assign, enqueueActions } from 'xstate';
import type { ChatSession } from '../../../api/schemas/chatSessions';
import { describeError } from '../../errors';
import { visibleSessions } from '../sessions';
import { buildFineTuneFile } from './dataset';
import {
  type FineTuneBot,
  fineTuneSetup,
  included,
  rebuilt,
  selectedBot,
  sessionsOfSource,
  setLoads,
} from './fineTune.setup';

/** What the dataset flow does on its transitions, by name. */
export const fineTuneLogic = fineTuneSetup.extend({
  actions: {
    setScope: assign({
      scope: ({ context, event }) => (event.type === 'scope.changed' ? event.scope : context.scope),
    }),
    setSource: assign({
      source: ({ context, event }) => (event.type === 'source.changed' ? event.source : context.source),
    }),
    togglePick: assign({
      picked: ({ context, event }) => {
        if (event.type !== 'session.toggled') return context.picked;
        if (context.picked.some((s) => s.id === event.id))
          return context.picked.filter((s) => s.id !== event.id);
        const session = context.scope.sessions.find((s) => s.id === event.id);
        return session ? [...context.picked, session] : context.picked;
      },
    }),
    clearPicks: assign({ picked: [] }),
    setBots: assign(({ context }, params: { bots: FineTuneBot[] }) => ({
      bots: params.bots,
      botsError: null,
      // The first bot until the user chooses; a chosen bot that is gone falls back to the first.
      botId: params.bots.some((b) => b.id === context.botId) ? context.botId : (params.bots[0]?.id ?? null),
    })),
    setBotsError: assign({ botsError: (_, params: { error: unknown }) => describeError(params.error) }),
    setBot: assign({
      botId: ({ context, event }) => (event.type === 'bot.selected' ? event.id : context.botId),
    }),
    setStarred: assign({
      starred: (_, params: { sessions: ChatSession[] }) => visibleSessions(params.sessions),
      starredError: null,
    }),
    setStarredError: assign({ starredError: (_, params: { error: unknown }) => describeError(params.error) }),
    /** Fixes the conversations of the preview; those not loaded yet (or failed before) are queued. */
    choose: assign(({ context }) => {
      const chosen = sessionsOfSource(context);
      const queued = chosen.filter((s) => context.loads[s.id]?.status !== 'loaded').map((s) => s.id);
      const ids = new Set(chosen.map((s) => s.id));
      return {
        chosen,
        loads: setLoads(context, queued, { status: 'pending' }),
        excluded: context.excluded.filter((id) => ids.has(id)),
        downloadedFile: null,
      };
    }),
    recordLoaded: assign({
      loads: ({ context, event }) =>
        event.type === 'conversation.loaded'
          ? setLoads(context, [event.id], { status: 'loaded', messages: event.messages })
          : context.loads,
    }),
    recordFailed: assign({
      loads: ({ context, event }) =>
        event.type === 'conversation.failed'
          ? setLoads(context, [event.id], { status: 'failed', error: describeError(event.error) })
          : context.loads,
    }),
    /** The loader itself failed: what it had not reported counts as failed, to retry. */
    failPending: assign({
      loads: ({ context }, params: { error: unknown }) =>
        setLoads(
          context,
          context.chosen.filter((s) => context.loads[s.id]?.status === 'pending').map((s) => s.id),
          { status: 'failed', error: describeError(params.error) },
        ),
    }),
    queueOne: assign({
      loads: ({ context, event }) =>
        event.type === 'conversation.retried'
          ? setLoads(context, [event.id], { status: 'pending' })
          : context.loads,
    }),
    queueFailed: assign({
      loads: ({ context }) =>
        setLoads(
          context,
          included(context)
            .filter((s) => context.loads[s.id]?.status === 'failed')
            .map((s) => s.id),
          { status: 'pending' },
        ),
    }),
    exclude: assign({
      excluded: ({ context, event }) =>
        event.type === 'conversation.excluded' ? [...context.excluded, event.id] : context.excluded,
    }),
    include: assign({
      excluded: ({ context, event }) =>
        event.type === 'conversation.included'
          ? context.excluded.filter((id) => id !== event.id)
          : context.excluded,
    }),
    rebuild: assign(({ context }) => rebuilt(context)),
    /**
     * Builds the file (validated by reading it back) and gives it to the view, which hands it to the browser.
     * It reports back by event, so a failure (here, or the view's download) becomes the download's failed
     * state instead of stopping the machine; done comes first, so a late failure wins.
     */
    download: enqueueActions(({ context, self, enqueue }) => {
      try {
        const bot = selectedBot(context);
        if (!bot || !context.dataset) throw new Error('No dataset to download');
        const file = buildFineTuneFile(context.dataset, bot.name, new Date());
        enqueue.sendTo(self, { type: 'download.done', fileName: file.name });
        enqueue.emit({ type: 'download.file', file });
      } catch (error) {
        enqueue.sendTo(self, { type: 'download.failed', error });
      }
    }),
    setDownloadedFile: assign({
      downloadedFile: ({ event }) => (event.type === 'download.done' ? event.fileName : null),
    }),
    logDownloadError: ({ event }) => {
      if (event.type === 'download.failed') console.error('Fine-tuning download failed', event.error);
    },
  },
});
