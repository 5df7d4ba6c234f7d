import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Locale } from '../../../i18n/locales';

/** The 11 industries of spec section 2, in its order. */
export const TEMPLATE_IDS = [
  'customerService',
  'salesMarketing',
  'technicalSupport',
  'education',
  'healthcare',
  'ecommerce',
  'realEstate',
  'legal',
  'finance',
  'hospitality',
  'consulting',
] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];
export type TemplateTexts = Record<TemplateId, string>;

export const TEMPLATE_NAMES: Record<TemplateId, MessageDescriptor> = {
  customerService: msg`Customer service`,
  salesMarketing: msg`Sales and marketing`,
  technicalSupport: msg`Technical support`,
  education: msg`Education`,
  healthcare: msg`Healthcare`,
  ecommerce: msg`E-commerce`,
  realEstate: msg`Real estate`,
  legal: msg`Legal`,
  finance: msg`Finance`,
  hospitality: msg`Hospitality`,
  consulting: msg`Consulting`,
};

// The texts are content, not interface messages: one module per language, loaded when first needed.
const loaders: Record<Locale, () => Promise<{ TEMPLATES: TemplateTexts }>> = {
  en: () => import('./en'),
  'zh-CN': () => import('./zh-CN'),
  'zh-TW': () => import('./zh-TW'),
};

export const loadTemplates = (locale: Locale): Promise<TemplateTexts> =>
  loaders[locale]().then((module) => module.TEMPLATES);
