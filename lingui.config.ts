import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/** Screens that exist only in demo builds (QA tools, demo mailbox, demo checkout): their own catalog. */
const DEMO_ONLY = [
  '<rootDir>/src/qa',
  '<rootDir>/src/views/demoCheckout',
  '<rootDir>/src/views/login/DemoMailbox.tsx',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-CN', 'zh-TW'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', ...DEMO_ONLY],
    },
    {
      path: '<rootDir>/src/locales/{locale}/demo',
      include: DEMO_ONLY,
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
