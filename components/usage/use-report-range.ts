'use client';
// The period and datamodel a report page shows live in the URL (?start=…&end=…
// &datamodel=…), so a view can be bookmarked, shared and survives a reload.
import { useCallback, useMemo } from 'react';
import { useAddressQuery } from '@/components/ui/use-address-query';
import { type DateRange, dayOf, presetRange, rangeProblem } from './params';

export function useReportRange() {
  const [query, showQuery] = useAddressQuery();
  const params = useMemo(() => new URLSearchParams(query), [query]);
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
      showQuery(next.toString());
    },
    [params, showQuery],
  );

  return {
    range,
    datamodel,
    setRange: (r: DateRange) => update({ start: r.start, end: r.end }),
    setDatamodel: (name: string) => update({ datamodel: name }),
  };
}
