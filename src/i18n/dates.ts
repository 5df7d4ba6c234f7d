import { i18n } from '@lingui/core';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';

/**
 * dayjs in the interface language, with locale-aware formats (LL, LLL) and "5 minutes ago". Imported by what
 * shows dates (src/views/ui/format.ts), so the sign-in page, which shows none, does not load it.
 */
dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);

const DAYJS_LOCALE: Record<string, string> = { en: 'en', 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw' };
const follow = () => dayjs.locale(DAYJS_LOCALE[i18n.locale] ?? 'en');
follow();
i18n.on('change', follow);

export { dayjs };
