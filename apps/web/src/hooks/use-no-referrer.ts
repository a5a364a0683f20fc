import { useEffect } from 'react';

/**
 * Keeps the page's address (which holds a link's token) out of the Referer header of anything the
 * page loads or links to, for as long as the page is shown.
 */
export function useNoReferrer() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
