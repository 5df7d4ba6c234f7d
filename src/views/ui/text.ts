import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';

/** Translates a message descriptor from a machine; text from the server is shown as it is (as text). */
export function useText(): (text: MessageDescriptor | string) => string {
  const { i18n } = useLingui();
  return useCallback((text) => (typeof text === 'string' ? text : i18n._(text)), [i18n]);
}

/** A page's title in the browser's tab and history. */
export const pageTitle = (title: string) => `${title} · Influx`;
