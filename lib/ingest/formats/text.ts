// Plain text: paragraphs are separated by blank lines.
import { SectionBuilder, joinedLines, type ParsedDocument } from '../document';

export function parseText(source: string): ParsedDocument {
  const builder = new SectionBuilder();
  for (const paragraph of source.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) builder.paragraph(joinedLines(paragraph));
  return { format: 'text', title: null, sections: builder.sections, qa: [] };
}
