// A passage's text as the content page shows it: paragraphs, code, and the
// rows of a table. Import writes a table row as one paragraph of its cells
// between " | " (Markdown and HTML tables alike), so that search reads each
// row with its cells; shown as text, a table became lines separated by blank
// lines. Consecutive rows with the same number of cells are a table again.
import { textBlocks } from '@/lib/text/code-blocks';

export type PassageBlock = { kind: 'text'; text: string } | { kind: 'code'; text: string } | { kind: 'table'; rows: string[][] };

const CELL = ' | ';

export function passageBlocks(text: string): PassageBlock[] {
  const blocks: PassageBlock[] = [];
  for (const block of textBlocks(text)) {
    if (block.code) {
      blocks.push({ kind: 'code', text: block.text });
      continue;
    }
    const row = !block.text.includes('\n') && block.text.includes(CELL) ? block.text.split(CELL) : null;
    const last = blocks.at(-1);
    if (row && last?.kind === 'table' && last.rows[0].length === row.length) last.rows.push(row);
    else if (row) blocks.push({ kind: 'table', rows: [row] });
    else blocks.push({ kind: 'text', text: block.text });
  }
  // One row alone is no table: a sentence may hold " | " ("a | b" in a shell pipeline).
  return blocks.map((b) => (b.kind === 'table' && b.rows.length < 2 ? { kind: 'text', text: b.rows[0].join(CELL) } : b));
}
