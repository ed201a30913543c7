'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The page's query string as state that lives in the address (so a view can be bookmarked and shared).
 *
 * `router.replace` updates `useSearchParams` only when its transition commits, a moment later. A second
 * change made before then (two filter chips clicked in quick succession) would build on the old address
 * and undo the first. So the query last asked for is the current one until the address reaches it; an
 * address that is none of the ones on the way (a link followed) and back or forward win at once.
 */
export function useAddressQuery(): [string, (query: string) => void] {
  const address = useSearchParams().toString();
  const router = useRouter();
  const pathname = usePathname();
  const [asked, setAsked] = useState<string | null>(null);
  // The addresses between the one a change started from and the last one asked for.
  const onTheWay = useRef(new Set<string>());

  useEffect(() => {
    if (asked === null) return;
    if (address === asked || !onTheWay.current.has(address)) {
      onTheWay.current.clear();
      setAsked(null);
    }
  }, [address, asked]);

  useEffect(() => {
    const wentBackOrForward = () => {
      onTheWay.current.clear();
      setAsked(null);
    };
    window.addEventListener('popstate', wentBackOrForward);
    return () => window.removeEventListener('popstate', wentBackOrForward);
  }, []);

  const show = useCallback(
    (query: string) => {
      const bare = query.replace(/^\?/, '');
      onTheWay.current.add(address);
      onTheWay.current.add(bare);
      setAsked(bare);
      router.replace(bare ? `${pathname}?${bare}` : pathname, { scroll: false });
    },
    [router, pathname, address],
  );
  return [asked ?? address, show];
}
