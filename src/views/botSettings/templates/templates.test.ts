import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../i18n/locales';
import {
  COMPANY_PLACEHOLDER,
  fillCompanyName,
  hasCompanyPlaceholder,
} from '../../../machines/botSettings/companyPlaceholder';
import { loadTemplates, TEMPLATE_IDS } from './catalog';

const SECTIONS: Record<(typeof LOCALES)[number], string[]> = {
  en: ['Core responsibilities', 'Guidelines', 'Prohibited behaviours', 'Brand tone', 'Example responses'],
  'zh-CN': ['核心职责', '行为准则', '禁止行为', '品牌语气', '回复示例'],
  'zh-TW': ['核心職責', '行為準則', '禁止行為', '品牌語氣', '回覆範例'],
};

/** Spec section 9's response targets, as each language writes them. */
const TARGETS: Record<(typeof LOCALES)[number], Partial<Record<(typeof TEMPLATE_IDS)[number], RegExp[]>>> = {
  en: {
    customerService: [/within 30 seconds/, /within 5 minutes/, /over \$100/, /30 days/, /3-5 business days/],
    salesMarketing: [/within 2 minutes/],
    technicalSupport: [/within 1 minute/, /within 10 minutes/],
    education: [/within 3 minutes/],
    healthcare: [/within 2 minutes/],
    ecommerce: [/within 2 minutes/, /30 days/, /3-5 business days/],
    realEstate: [/within 3 minutes/],
  },
  'zh-CN': {
    customerService: [/30 秒内/, /5 分钟内/, /100 美元/, /30 天内/, /3-5 个工作日/],
    salesMarketing: [/2 分钟内/],
    technicalSupport: [/1 分钟内/, /10 分钟内/],
    education: [/3 分钟内/],
    healthcare: [/2 分钟内/],
    ecommerce: [/2 分钟内/, /30 天内/, /3-5 个工作日/],
    realEstate: [/3 分钟内/],
  },
  'zh-TW': {
    customerService: [/30 秒內/, /5 分鐘內/, /100 美元/, /30 天內/, /3-5 個工作天/],
    salesMarketing: [/2 分鐘內/],
    technicalSupport: [/1 分鐘內/, /10 分鐘內/],
    education: [/3 分鐘內/],
    healthcare: [/2 分鐘內/],
    ecommerce: [/2 分鐘內/, /30 天內/, /3-5 個工作天/],
    realEstate: [/3 分鐘內/],
  },
};

describe.each(LOCALES)('prompt templates (%s)', (locale) => {
  it('has all 11 industries, each a role for [Company Name] with the five sections in order', async () => {
    const templates = await loadTemplates(locale);
    expect(Object.keys(templates).sort()).toEqual([...TEMPLATE_IDS].sort());
    for (const id of TEMPLATE_IDS) {
      const text = templates[id];
      expect(text.split('\n')[0], id).toContain(COMPANY_PLACEHOLDER);
      const positions = SECTIONS[locale].map((s) => text.indexOf(`## ${s}`));
      expect(
        positions.every((p) => p > 0),
        `${id} sections`,
      ).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      // Substantial: several lines under each heading, not a one-liner.
      expect(text.split('\n').filter((l) => l.startsWith('- ')).length, id).toBeGreaterThanOrEqual(12);
    }
  });

  it('says [Company Name] where the save check finds it, and leaves no other placeholder once filled', async () => {
    const templates = await loadTemplates(locale);
    for (const id of TEMPLATE_IDS) {
      expect(hasCompanyPlaceholder(templates[id]), id).toBe(true);
      const filled = fillCompanyName(templates[id], 'Acme Outdoor');
      expect(hasCompanyPlaceholder(filled), id).toBe(false);
      // No translated placeholder either ([公司名称], 【公司名稱】, {company}).
      expect(filled, id).not.toMatch(/\[[^\]]*\]|【[^】]*】|\{[^}]*\}/);
    }
  });

  it('uses the response targets of the spec', async () => {
    const templates = await loadTemplates(locale);
    for (const [id, patterns] of Object.entries(TARGETS[locale])) {
      for (const pattern of patterns ?? []) {
        expect(templates[id as (typeof TEMPLATE_IDS)[number]], `${id} ${pattern}`).toMatch(pattern);
      }
    }
  });
});

it('the English templates open with a role the test chat can introduce itself by', async () => {
  const templates = await loadTemplates('en');
  for (const id of TEMPLATE_IDS) {
    expect(templates[id]).toMatch(/^You are the [a-z -]+ of \[Company Name\]\./);
  }
});
