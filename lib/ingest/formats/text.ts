// Plain text: paragraphs are separated by blank lines.
import { SectionBuilder, type ParsedDocument } from '../document';

export function parseText(source: string): ParsedDocument {
  const builder = new SectionBuilder();
  for (const paragraph of source.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) builder.paragraph(paragraph.replace(/\s*\n\s*/g, ' '));
  return { format: 'text', title: null, sections: builder.sections, qa: [] };
}
