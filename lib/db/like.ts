// LIKE patterns that take the user's text literally: `%`, `_` and the
// escape character itself are escaped (use with ESCAPE '\').
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** `%term%`, the term literal: a substring match. */
export const containsPattern = (term: string) => `%${escapeLike(term)}%`;
