// Bad queries for rules several routes share, as [query, detail] rows for an
// it.each that sends the query and expects a 400 with that detail. A route
// that takes the rule takes these cases too, so every such route is held to
// the same answers.
export type QueryCase = [query: Record<string, string>, detail: string];

/** `limit` of a list that answers 1 to `max` items (lib/http/schemas.ts intQuery). */
export function limitCases(max: number): QueryCase[] {
  const detail = `limit: limit must be between 1 and ${max}`;
  return [
    [{ limit: '0' }, detail],
    [{ limit: String(max + 1) }, detail],
  ];
}

/** `limit` and `offset` of a paged list. */
export function pagingCases(maxLimit: number): QueryCase[] {
  return [...limitCases(maxLimit), [{ offset: '-1' }, 'offset: offset must be a non-negative integer']];
}

/** `start_date` and `end_date` of a report over interactions by day (lib/reports/contract.ts reportDate). */
export const REPORT_DATE_CASES: QueryCase[] = [
  [{ start_date: '1969-12-31' }, 'start_date: start_date must not be before 1970-01-01'],
  [{ end_date: 'today' }, 'end_date: end_date must be a date in YYYY-MM-DD format'],
  [{ end_date: '2025-3-1' }, 'end_date: end_date must be a date in YYYY-MM-DD format'],
  [{ end_date: '9999-12-31' }, 'end_date: end_date must not be after 2099-12-31'],
];
