import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { navItemFor } from './navigation';

/** Sets the document title for each page and announces navigation to screen readers. */
export function RouteAnnouncer() {
  const { i18n, t } = useLingui();
  const [path] = useLocation();
  const [message, setMessage] = useState('');
  const first = useRef(true);
  const item = navItemFor(path);
  const title = item ? i18n._(item.label) : t`Page not found`;

  useEffect(() => {
    document.title = `${title} · Influx`;
    if (first.current) {
      first.current = false;
      return;
    }
    setMessage(title);
  }, [title]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}
