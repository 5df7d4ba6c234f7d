import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

/** Screens that exist only in demo builds (QA tools, demo mailbox, demo checkout): their own catalog. */
const DEMO_ONLY = ['<rootDir>/src/demo'];

/** Membership management, an admin's screen: its texts load with it, not with every customer's screen. */
const ADMIN_ONLY = ['<rootDir>/src/views/membership', '<rootDir>/src/machines/membership'];

/**
 * The Knowledge tab's own sections (Q&A, website sources, retrieval test, unanswered questions) and what chat
 * history opens to improve an answer: their texts load with them, so each new section does not grow every
 * signed-in screen's start.
 */
const KNOWLEDGE = [
  '<rootDir>/src/views/botSettings/knowledge',
  '<rootDir>/src/machines/botSettings/knowledge',
];

/** What the sign-in page and the shell say: the catalog loaded at start. Everything else loads with the screens. */
const CORE = [
  '<rootDir>/src/app',
  '<rootDir>/src/i18n',
  '<rootDir>/src/views/login',
  '<rootDir>/src/views/ui',
  '<rootDir>/src/views/notFound',
  '<rootDir>/src/machines/login',
  '<rootDir>/src/machines/root/session',
  '<rootDir>/src/machines/root/toasts',
  '<rootDir>/src/machines/errors.ts',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-CN', 'zh-TW'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/messages', include: CORE, exclude: [...TESTS, ...DEMO_ONLY] },
    {
      path: '<rootDir>/src/locales/{locale}/screens',
      include: ['<rootDir>/src'],
      exclude: [...TESTS, ...DEMO_ONLY, ...CORE, ...ADMIN_ONLY, ...KNOWLEDGE],
    },
    { path: '<rootDir>/src/locales/{locale}/admin', include: ADMIN_ONLY, exclude: TESTS },
    { path: '<rootDir>/src/locales/{locale}/knowledge', include: KNOWLEDGE, exclude: TESTS },
    { path: '<rootDir>/src/locales/{locale}/demo', include: DEMO_ONLY, exclude: TESTS },
  ],
  format: formatter({ lineNumbers: false }),
});
