import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { getHandoffSettings, saveHandoffSettings } from '../src/api/handoff';
import { DEFAULT_HANDOFF_SETTINGS, type HandoffSettings } from '../src/api/schemas/handoff';
import { AUTH, JSON_HEADERS, newPact, useMockServer } from './pact';

/* Beyond the spec: when a bot hands conversations to the team, and the team's hours. */
const { boolean, eachLike, integer, like } = MatchersV3;
const pact = newPact();
const withBot = () =>
  pact
    .addInteraction()
    .given('a signed-in user')
    .given('the user has a chatbot', { id: 'bot-1', name: 'Support bot' });

const saved: HandoffSettings = {
  phrases: ['manager'],
  noAnswerLimit: 3,
  negativeMood: true,
  message: { en: 'Mei from our shop will answer you shortly.', 'zh-CN': '', 'zh-TW': '' },
  defaultPauseMinutes: 120,
  hours: {
    enabled: true,
    timeZone: 'Asia/Hong_Kong',
    week: [null, ...Array.from({ length: 5 }, () => ({ open: '09:00', close: '18:00' })), null],
  },
};

/** The shape of the settings as answered: the fields the client reads, with any values of their types. */
const shaped = (s: HandoffSettings) => ({
  phrases: s.phrases.length > 0 ? eachLike(s.phrases[0]) : [],
  noAnswerLimit: integer(s.noAnswerLimit),
  negativeMood: boolean(s.negativeMood),
  message: { en: like(s.message.en), 'zh-CN': like(s.message['zh-CN']), 'zh-TW': like(s.message['zh-TW']) },
  defaultPauseMinutes: s.defaultPauseMinutes === null ? null : integer(s.defaultPauseMinutes),
  hours: {
    enabled: boolean(s.hours.enabled),
    timeZone: like(s.hours.timeZone),
    week: s.hours.week,
  },
});

describe('a bot’s handoff settings (beyond the spec)', () => {
  it('answers the defaults for a bot that never saved them', () =>
    withBot()
      .uponReceiving('a request for the handoff settings of a bot that has none saved')
      .withRequest('GET', '/api/v1/chatbots/bot-1/handoff', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(shaped(DEFAULT_HANDOFF_SETTINGS)))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(getHandoffSettings('bot-1')).resolves.toEqual(DEFAULT_HANDOFF_SETTINGS);
      }));

  it('saves them and answers them as stored', () =>
    withBot()
      .uponReceiving('a request to save the handoff settings of a bot')
      .withRequest('PUT', '/api/v1/chatbots/bot-1/handoff', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(saved),
      )
      .willRespondWith(200, (b) => b.jsonBody(shaped(saved)))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(saveHandoffSettings('bot-1', saved)).resolves.toEqual(saved);
      }));
});
