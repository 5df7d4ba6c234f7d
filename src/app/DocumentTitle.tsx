import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { isAdmin } from '../machines/root/session/session.machine';
import { useSession, useWaitingCount } from '../views/ui/appActors';
import { pageTitle } from '../views/ui/text';
import { NOT_FOUND, routeFor } from './routeTable';

/**
 * Sets the document title of every page from the route table, and announces each navigation after the first
 * to screen readers (the page changed without a load). While conversations wait for a person, the title
 * starts with their count, "(2) Chat history", as an inbox's does: a tab in the background shows it. The
 * count is not announced with the page.
 */
export function DocumentTitle() {
  const { i18n } = useLingui();
  const [path] = useLocation();
  // While the user loads, an admin's page keeps its title rather than flashing "not found".
  const admin = useSession((s) => isAdmin(s.context) || s.hasTag('loadingUser'));
  const [message, setMessage] = useState('');
  const first = useRef(true);
  const route = routeFor(path);
  const title = i18n._(route && (route.access !== 'admin' || admin) ? route.title : NOT_FOUND.title);
  const waiting = useWaitingCount() ?? 0;

  useEffect(() => {
    document.title = waiting > 0 ? `(${waiting}) ${pageTitle(title)}` : pageTitle(title);
  }, [title, waiting]);

  useEffect(() => {
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
