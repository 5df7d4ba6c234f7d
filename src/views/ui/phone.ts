import { useEffect, useSyncExternalStore } from 'react';

type Group = (international: string) => string | undefined;

let group: Group | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads the country groupings once. Until they are here (or if their file cannot be fetched) a number is
 * shown as "+" and its digits, the same number in the form the exports use; the next screen that shows a
 * number tries again after a failure.
 */
export function loadPhoneGrouping(): Promise<void> {
  loading ??= import('./phoneFormat').then(
    (module) => {
      group = module.groupInternational;
      for (const listener of listeners) listener();
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

/**
 * A phone number as people write it internationally, grouped the way its country groups it
 * ("+1 415 555 0123", "+86 138 1234 5678"). The server sends bare digits or other text: what is not a number
 * stays as it came, and a number the groupings do not know keeps its digits behind a "+".
 */
export function formatPhone(raw: string): string {
  const compact = raw.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d{6,15}$/.test(compact)) return raw;
  const international = compact.startsWith('+') ? compact : `+${compact}`;
  return group?.(international) ?? international;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isGrouped = () => group !== null;

/**
 * formatPhone for a view that shows numbers: the view renders again, grouped, when the groupings arrive. Their
 * file is fetched when the first such view mounts, after the screen has painted, so no screen waits for it.
 */
export function usePhoneFormat(): (raw: string) => string {
  const grouped = useSyncExternalStore(subscribe, isGrouped, isGrouped);
  useEffect(() => {
    if (!grouped) void loadPhoneGrouping();
  }, [grouped]);
  return formatPhone;
}
