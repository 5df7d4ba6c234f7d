import { assign, enqueueActions, sendTo } from 'xstate';
import type { ChatAnalysis, ChatMessage, ChatSession, StarResult } from '../../api/schemas/chatSessions';
import { showUrl } from '../address';
import { describeError, raiseFailure } from '../errors';
import {
  type ChatHistoryContext,
  chatHistoryMessages,
  chatHistorySetup,
  chatHistoryUrl,
} from './chatHistory.setup';
import { mergeLiveMessage, mergeLiveSession, openedConversation, scrolled } from './liveMerge';
import { improvedExchange, patchSession, visibleSessions } from './sessions';

/** Applies a change of one session to the list and to the open session alike. */
const patched = (context: ChatHistoryContext, id: string, patch: Partial<ChatSession>) => ({
  sessions: patchSession(context.sessions, id, patch),
  selected: context.selected?.id === id ? { ...context.selected, ...patch } : context.selected,
});

/** What the chat history does on its transitions, by name. */
export const chatHistoryLogic = chatHistorySetup.extend({
  actions: {
    startImproving: assign({
      improving: ({ context, event }) =>
        event.type === 'improve.opened'
          ? {
              ...improvedExchange(context.messages, event.messageId),
              messageId: event.messageId,
              chatbotId: context.selected?.chatbotId ?? null,
              userId: context.userId,
            }
          : context.improving,
    }),
    stopImproving: assign({ improving: null }),
    setPhone: assign({ phone: ({ event }) => (event.type === 'search.changed' ? event.value : '') }),
    setFilter: assign({
      filter: ({ context, event }) => (event.type === 'filter.changed' ? event.filter : context.filter),
    }),
    setSessions: assign(({ context }, params: { sessions: ChatSession[] }) => {
      const sessions = visibleSessions(params.sessions);
      const pending = context.pendingStar;
      // A star still being saved wins over the (older) value in the answer.
      return {
        listError: null,
        sessions: pending ? patchSession(sessions, pending.id, { isStarred: pending.isStarred }) : sessions,
      };
    }),
    setListError: assign({ listError: (_, params: { error: unknown }) => describeError(params.error) }),
    select: assign(({ context, event }) => {
      const selected =
        event.type === 'session.selected'
          ? (context.sessions.find((s) => s.id === event.id) ?? null)
          : context.selected;
      return {
        selected,
        sessionId: selected?.id ?? null,
        messages: [],
        live: selected ? openedConversation(context.live, selected.id) : context.live,
      };
    }),
    /** Opens the conversation the address names, from the list or from the lookup's answer. */
    openNamed: assign(({ context }, params: { found?: ChatSession | null }) => {
      const selected = params.found ?? context.sessions.find((s) => s.id === context.sessionId) ?? null;
      const live = selected ? openedConversation(context.live, selected.id) : context.live;
      return { selected, sessionError: null, messages: [], live };
    }),
    /** The conversation is no longer (or never was) shown; the address still names it. */
    dropSelection: assign({ selected: null, messages: [] }),
    unselect: assign({ selected: null, sessionId: null, sessionError: null, messages: [] }),
    setSessionError: assign({
      sessionError: (_, params: { error: unknown }) => describeError(params.error),
    }),
    /**
     * Takes what a changed address names. Another search reloads the list; another conversation is looked
     * for. The address is the screen's at once, so what it does next does not move it again.
     */
    followUrl: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'url.changed') return;
      const queryChanged = event.phone.trim() !== context.phone.trim() || event.filter !== context.filter;
      const sessionChanged = event.sessionId !== context.sessionId;
      enqueue.assign({
        url: chatHistoryUrl(event),
        phone: queryChanged ? event.phone : context.phone,
        filter: event.filter,
        sessionId: event.sessionId,
      });
      if (queryChanged) enqueue.raise({ type: 'url.queryFollowed' });
      if (sessionChanged) enqueue.raise({ type: 'url.sessionFollowed' });
    }),
    /** Asks the view to show the screen's address, when it changed: a new entry, or in place of this one. */
    showUrl: showUrl((context: ChatHistoryContext) => chatHistoryUrl(context)),
    setMessages: assign({ messages: (_, params: { messages: ChatMessage[] }) => params.messages }),
    /** What the live stream told: merged so that nothing is shown twice and a search's list stays its own. */
    mergeLive: assign(({ context, event }) => {
      if (event.type === 'live.session') return mergeLiveSession(context, event.session);
      if (event.type === 'live.message') return mergeLiveMessage(context, event.sessionId, event.message);
      // A person's reply, as stored: the live stream may tell it too (merged once).
      if (event.type === 'reply.sent') return mergeLiveMessage(context, event.sessionId, event.message);
      if (event.type === 'live.scrolled') return { live: scrolled(context.live, event.atBottom) };
      return {};
    }),
    /**
     * The live child polls the open conversation's messages when the stream is down. (Not sent while the
     * screen stops: the child is already gone.)
     */
    tellWatched: enqueueActions(({ context, self, enqueue }, params: { open: boolean }) => {
      if (!self.getSnapshot()?.children?.live) return;
      const sessionId = params.open ? (context.selected?.id ?? null) : null;
      enqueue.sendTo('live', { type: 'live.watched', sessionId });
    }),
    clearMessages: assign({ messages: [] }),
    logMessagesError: (_, params: { error: unknown }) => {
      console.error('Could not load the messages of the chat session', params.error);
    },
    applyStar: assign(({ context }) => {
      const s = context.selected;
      if (!s) return {};
      const isStarred = !s.isStarred;
      return { pendingStar: { id: s.id, isStarred }, ...patched(context, s.id, { isStarred }) };
    }),
    confirmStar: assign(({ context }, params: { result: StarResult }) => {
      // The answer may leave out either field: the star then stands as it was asked for.
      const id = params.result.id ?? context.pendingStar?.id;
      const isStarred = params.result.isStarred ?? context.pendingStar?.isStarred;
      if (id === undefined || isStarred === undefined) return { pendingStar: null };
      return { pendingStar: null, ...patched(context, id, { isStarred }) };
    }),
    revertStar: assign(({ context }) => {
      const pending = context.pendingStar;
      if (!pending) return {};
      return { pendingStar: null, ...patched(context, pending.id, { isStarred: !pending.isStarred }) };
    }),
    notifyStarFailed: raiseFailure(chatHistoryMessages.starFailed),
    /** The analysis child's answer, shown in the open conversation and in its row of the list. */
    setAnalysis: assign(({ context }, params: { analysis: ChatAnalysis }) => {
      const id = context.selected?.id;
      return id ? patched(context, id, { analysis: params.analysis }) : {};
    }),
    /** The handling child's news: who handles the conversation now, in its row and in the open one. */
    /** The new handler of a conversation, from the open one's handling or from the live stream. */
    setHandling: assign(({ context, event }) =>
      event.type === 'handling.changed' || event.type === 'live.handling'
        ? patched(context, event.sessionId, { handling: event.handling })
        : {},
    ),
    /** The open conversation's handling hears what the live stream told of it (another tab, the bot). */
    tellOpenHandling: enqueueActions(({ context, event, self, enqueue }) => {
      if (event.type !== 'live.handling' || context.selected?.id !== event.sessionId) return;
      if (!self.getSnapshot()?.children?.conversationHandling) return;
      enqueue.sendTo('conversationHandling', { type: 'handling.told', handling: event.handling });
    }),
    /** Hands the open conversation, as loaded, to the export child with the labels the view translated. */
    startExport: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'export.requested' || !context.selected) return;
      enqueue.sendTo('conversationExport', {
        type: 'export.started',
        session: context.selected,
        messages: context.messages,
        labels: event.labels,
      });
    }),
    /** The last file belonged to the conversation being left. */
    forgetExport: sendTo('conversationExport', { type: 'export.cleared' }),
  },
});
