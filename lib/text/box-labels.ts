// The titles documentation gives the boxes it sets apart from its text: a note, a warning, a tip. Import reads
// them as the label of the box's text, never as a heading (bold-titles.ts), and the answer composer writes them as
// the bold lead of the paragraph they label ("**Note:** You can use…").

const BOX_LABEL = /^(?:note|notes|warning|tip|hint|important|caution|danger|attention|deprecated|see also)$/i;

/** Whether the text, as it stands alone, is a box's label ("Note", "Warning", "See also"). */
export const isBoxLabel = (text: string) => BOX_LABEL.test(text.trim());

/** A box's type as its title: "note" → "Note". A title the author wrote is kept as written ("macOS"). */
export const typeTitle = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);

/** "Note" → "Note:", "Heads up" → "Heads up:", "Why?" stays: a box's title as the label opening its text. */
export function asLabel(title: string): string {
  const text = title.trim();
  return /[:.!?]$/.test(text) ? text : `${text}:`;
}
