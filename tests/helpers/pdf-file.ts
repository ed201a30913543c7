// Minimal real PDFs for import tests: one page whose content stream is given
// (compressed or not), with a standard font, a correct cross-reference table.
import zlib from 'node:zlib';

/** `content`: the page's content stream as stored; `streamDictionary`: its dictionary's entries besides /Length. */
export function onePagePdf(content: Buffer, streamDictionary = ''): Buffer {
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} ${streamDictionary} >>\nstream\n`), content, Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  return pdfOf(objects);
}

/** Text operators that show each line on the page, one under the other. */
export function textContent(lines: string[]): Buffer {
  const shown = lines.map((line, i) => `BT /F1 12 Tf 72 ${720 - i * 16} Td (${line.replace(/[()\\]/g, '\\$&')}) Tj ET`).join('\n');
  return Buffer.from(shown, 'latin1');
}

/** `bytes` of `fill` (a space by default) as one zlib stream: a decompression bomb's payload. */
export function deflatedFill(bytes: number, fill = 0x20): Buffer {
  return zlib.deflateSync(Buffer.alloc(bytes, fill), { level: 9 });
}

/** A line of a page: its text, type size, position and font (F1 Helvetica, F2 Courier: fixed pitch, as code is set). */
export type PdfTextLine = { text: string; size: number; y: number; x?: number; font?: 'F1' | 'F2' };

/** A PDF of several pages, each drawing its lines where they say, with a proportional and a fixed-pitch font. */
export function pagesPdf(pages: PdfTextLine[][]): Buffer {
  const pageIds = pages.map((_, i) => 3 + i * 2);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`),
  ];
  const fonts = 3 + pages.length * 2;
  pages.forEach((lines, i) => {
    const content = Buffer.from(
      lines.map((line) => `BT /${line.font ?? 'F1'} ${line.size} Tf ${line.x ?? 72} ${line.y} Td (${line.text.replace(/[()\\]/g, '\\$&')}) Tj ET`).join('\n'),
      'latin1',
    );
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageIds[i] + 1} 0 R /Resources << /Font << /F1 ${fonts} 0 R /F2 ${fonts + 1} 0 R >> >> >>`,
      ),
      Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]),
    );
  });
  objects.push(Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'), Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>'));
  return pdfOf(objects);
}

/** The objects as a PDF file (object 1 its catalog): numbered in order, with a correct cross-reference table. */
function pdfOf(objects: Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const piece = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), object, Buffer.from('\nendobj\n')]);
    parts.push(piece);
    length += piece.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}
