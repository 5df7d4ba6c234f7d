import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { isAdmin } from '../machines/root/session/session.machine';
import { useSession } from '../views/ui/appActors';
import { pageTitle } from '../views/ui/text';
import { NOT_FOUND, routeFor } from './routeTable';

/**
 * Sets the document title of every page from the route table, and announces each navigation after the first
 * to screen readers (the page changed without a load).
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

  useEffect(() => {
    document.title = pageTitle(title);
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
