// Reading the JSON we keep in text columns (interactions' search and extra,
// rating reasons, preset parameters, stored question lists). A value
// written by an older version or by hand must never break a page: text that
// is not JSON, or JSON of another shape, reads as empty. Pure: the browser
// may import it too.

/** The parsed value; null when the text is absent or not JSON. */
export function jsonValue(text: string | null | undefined): unknown {
  if (text === null || text === undefined || text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** An object's fields; {} for anything that is not a JSON object. */
export function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export const jsonObject = (text: string | null | undefined): Record<string, unknown> => asObject(jsonValue(text));

/** A JSON array's items; [] for anything else. */
export function jsonArray(text: string | null | undefined): unknown[] {
  const value = jsonValue(text);
  return Array.isArray(value) ? value : [];
}

/** The strings of an array (other items dropped); null when it is not an array. */
export function stringList(value: unknown): string[] | null {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
}
