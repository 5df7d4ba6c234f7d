import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * A page opened by a link or by the app starts at its top, as a loaded page does: without this, the window
 * kept the scroll of the page before (back from the demo checkout, /usage-billing opened 2,056 px down).
 * Back and Forward are left to the browser, which restores where the user was.
 */
export function ScrollOnNavigate() {
  const [path] = useLocation();
  const first = useRef(true);
  const popped = useRef(false);

  useEffect(() => {
    const onPop = () => {
      popped.current = true;
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: path is the trigger
  useLayoutEffect(() => {
    if (first.current || popped.current) {
      first.current = false;
      popped.current = false;
      return;
    }
    if (scrollY !== 0 || scrollX !== 0) scrollTo(0, 0);
  }, [path]);

  return null;
}
