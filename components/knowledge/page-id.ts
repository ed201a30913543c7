// A path segment such as /knowledge/12 as a database id, or null for
// anything else (the page answers 404 instead of calling the API with junk).
export function pageId(segment: string): number | null {
  if (!/^\d{1,10}$/.test(segment)) return null;
  const id = Number(segment);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
