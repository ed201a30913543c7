'use client';
// The period and datamodel a report page shows live in the URL (?start=…&end=…
// &datamodel=…), so a view can be bookmarked, shared and survives a reload.
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import { type DateRange, dayOf, presetRange, rangeProblem } from './params';

export function useReportRange() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const range = useMemo<DateRange>(() => {
    const fromUrl = { start: params.get('start') ?? '', end: params.get('end') ?? '' };
    return rangeProblem(fromUrl) ? presetRange('this_month', dayOf(new Date())) : fromUrl;
  }, [params]);
  const datamodel = params.get('datamodel') ?? '';

  const update = useCallback(
    (changes: Record<string, string>) => {
      const next = new URLSearchParams(params.toString());
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      router.replace(`${pathname}?${next.toString()}`, { scroll: false });
    },
    [params, pathname, router],
  );

  return {
    range,
    datamodel,
    setRange: (r: DateRange) => update({ start: r.start, end: r.end }),
    setDatamodel: (name: string) => update({ datamodel: name }),
  };
}
