/** Business constants of spec section 9, named once. */

export const TOAST_LIMIT = 5;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 300;

export const QR_POLL_INTERVAL_MS = 5000;
/** Polls without a scan before the code counts as expired (peers give up after about 2 minutes). */
export const QR_MAX_POLLS_WITHOUT_SCAN = 24;
/** Consecutive failing polls tolerated before the dialog shows a failure with a retry. */
export const QR_MAX_POLL_FAILURES = 3;
/** Longest instance name the update call accepts (src/api/schemas/instances.ts). */
export const INSTANCE_NAME_MAX_LENGTH = 60;

export const MAX_CHATBOTS = 3;
export const DEFAULT_TEMPERATURE = 0.7;
export const TEMPERATURE_MIN = 0;
export const TEMPERATURE_MAX = 1;
export const TEMPERATURE_STEP = 0.1;
export const DEFAULT_MAX_TOKENS = 2048;

export const DEFAULT_KNOWLEDGE_FILE_LIMIT = 10;
export const DEFAULT_INSTANCE_LIMIT = 1;

export const MEMBERSHIP_REFRESH_DELAY_MS = 2000;
export const PLAN_UPDATE_RELOAD_DELAY_MS = 3000;
export const LOGIN_REDIRECT_DELAY_MS = 1000;
/** Waits before asking GET /users/me again after it failed: the user stays signed in, not an admin meanwhile. */
export const CURRENT_USER_RETRY_DELAYS_MS = [2000, 10_000, 30_000] as const;

/** Usage meters turn amber from this share of a limit, red from the next. */
export const USAGE_WARNING_RATIO = 0.5;
export const USAGE_DANGER_RATIO = 0.8;

export const SEARCH_DEBOUNCE_MS = 250;

/** A website crawl in progress is read again this often while its section is on screen (issue 33). */
export const CRAWL_POLL_INTERVAL_MS = 2000;

/** Plan prices and payments are in this currency (the payment provider charges in it). */
export const PLAN_CURRENCY = 'USD';
/** The per-conversation token table scrolls within this height (spec section 9). */
export const TOKEN_USAGE_LIST_HEIGHT_PX = 256;
/** Admin form: a new plan starts with these values (spec section 9). */
export const NEW_PLAN_DEFAULTS = {
  level: 1,
  instanceLimit: 1,
  chatbotLimit: 1,
  monthlyTokenLimit: 1000,
  totalChatSessionLimit: 1000,
  knowledgeBaseFileLimit: DEFAULT_KNOWLEDGE_FILE_LIMIT,
  monthlyPrice: 0,
  yearlyPrice: 0,
  hasAdvancedFeatures: false,
  hasCustomPrompt: false,
} as const;

/** Bot settings layout (spec section 9): the test chat's scroll area and the prompt textarea. */
export const TEST_CHAT_HEIGHT_PX = 300;
export const PROMPT_TEXTAREA_ROWS = 6;

/** The free trial the billing text offers, in days (spec section 9: display text). */
export const TRIAL_DAYS = 7;

/** Invoices per page of the billing history. */
export const INVOICE_PAGE_SIZE = 10;
