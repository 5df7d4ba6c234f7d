import { DEFAULT_HANDOFF_SETTINGS, type HandoffSettings } from '../../../api/schemas/handoff';
import {
  draftProblem,
  type HandoffSettingsContext,
  handoffSettingsMachine,
  isDirty,
} from '../../../machines/botSettings/handoff/handoffSettings.machine';
import { type FlowModel, failingOrNotOffered } from '../../../machines/model';

/** Saved settings of the demo's bot: its own phrase, and the team's hours in Hong Kong. */
export const savedHandoff: HandoffSettings = {
  ...DEFAULT_HANDOFF_SETTINGS,
  phrases: ['manager'],
  hours: { ...DEFAULT_HANDOFF_SETTINGS.hours, enabled: true, timeZone: 'Asia/Hong_Kong' },
};

export const handoffSettingsModel: FlowModel<{ botId: string }> = {
  id: 'handoffSettings',
  machine: handoffSettingsMachine,
  input: { botId: 'bot-ava' },
  events: [
    // A phrase of its own; the hours switched on without a time zone (refused), then with one.
    { type: 'draft.changed', patch: { phrases: ['manager'] } },
    { type: 'draft.changed', patch: { hours: { ...DEFAULT_HANDOFF_SETTINGS.hours, enabled: true } } },
    { type: 'draft.changed', patch: savedHandoff },
    { type: 'draft.discarded' },
    { type: 'save' },
    { type: 'retry' },
  ],
  outputs: { load: DEFAULT_HANDOFF_SETTINGS, save: savedHandoff },
  errors: { load: failingOrNotOffered('load'), save: failingOrNotOffered('save') },
  // What the buttons and the message depend on: changes to save, a problem in them, a problem or failure said.
  serialize: ({ context: c }: { context: HandoffSettingsContext }) => [
    isDirty(c),
    draftProblem(c.draft) !== null,
    c.error !== null,
  ],
};
