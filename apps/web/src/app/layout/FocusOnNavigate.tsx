import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** After moving to another page, focus goes to the page content, so keyboard and screen-reader users start there. */
export function FocusOnNavigate() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
