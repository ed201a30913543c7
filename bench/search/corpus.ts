// The Python 3.11 documentation (Debian package python3.11-doc, reStructuredText
// sources under /usr/share/doc/python3.11/html/_sources) cut into passages:
// one content per page, one subject per top folder, passages of about 120
// words under their section heading.
import fs from 'node:fs';
import path from 'node:path';

export const DOC_ROOT = process.env.PYDOC_ROOT ?? '/usr/share/doc/python3.11/html/_sources';
const PASSAGE_WORDS = 120;

export type Page = { subject: string; name: string; source: string; passages: { heading: string; text: string }[] };

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.rst.txt') ? [path.join(dir, e.name)] : []));
}

/** Inline markup to plain text: :role:`target <x>` → target, ``code`` → code, **b** → b. */
function plain(line: string): string {
  return line
    .replace(/:[\w:.-]+:`~?([^`<]*?)(?:\s*<[^>]*>)?`/g, '$1')
    .replace(/``([^`]*)``/g, '$1')
    .replace(/`([^`<]*?)(?:\s*<[^>]*>)?`_*/g, '$1')
    .replace(/\*\*?([^*]+)\*\*?/g, '$1')
    .replace(/\|([^|]+)\|/g, '$1');
}

const isUnderline = (line: string, title: string) => /^([=\-~^*#+"'`:.])\1{2,}\s*$/.test(line) && line.trim().length >= Math.min(title.trim().length, 3);

export function parsePage(file: string): Page | null {
  const rel = path.relative(DOC_ROOT, file);
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const passages: Page['passages'] = [];
  let title = '';
  let heading = '';
  let buffer: string[] = [];
  let paragraph: string[] = [];
  const flushPassage = () => {
    const text = buffer.join(' ').replace(/\s+/g, ' ').trim();
    if (text.split(' ').length >= 8) passages.push({ heading, text });
    buffer = [];
  };
  const flushParagraph = () => {
    if (paragraph.length) buffer.push(paragraph.join(' '));
    paragraph = [];
    if (buffer.join(' ').split(/\s+/).length >= PASSAGE_WORDS) flushPassage();
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const next = lines[i + 1] ?? '';
    if (line.trim() && !/^\s/.test(line) && isUnderline(next, line) && !isUnderline(line, line)) {
      flushParagraph();
      flushPassage();
      heading = plain(line.trim());
      if (!title) title = heading;
      i++;
      continue;
    }
    if (isUnderline(line, line)) continue; // overline of a title
    if (/^\.\.\s/.test(line) || /^\s*:\w[\w-]*:/.test(line)) {
      // A directive: keep what it documents (".. function:: sorted(iterable)").
      const signature = /^\.\.\s+(?:\w+:)?(?:function|method|class|attribute|data|exception|module|decorator)::\s*(.+)$/.exec(line);
      if (signature) paragraph.push(plain(signature[1]));
      continue;
    }
    if (!line.trim()) flushParagraph();
    else paragraph.push(plain(line.trim()));
  }
  flushParagraph();
  flushPassage();
  if (!passages.length) return null;
  const subject = rel.includes(path.sep) ? rel.split(path.sep)[0] : 'general';
  return { subject, name: title || rel, source: `https://docs.python.org/3.11/${rel.replace(/\.rst\.txt$/, '.html')}`, passages };
}

export function loadPages(): Page[] {
  return files(DOC_ROOT)
    .sort()
    .map(parsePage)
    .filter((p): p is Page => p !== null);
}
