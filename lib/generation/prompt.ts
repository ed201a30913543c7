// Filling a preset's prompt template. Placeholders: {context} (numbered
// passages), {question}, {history} (earlier turns). A template without
// {context} still gets the passages, appended, so a preset cannot silently
// answer without its sources.
import type { SourcePassage, Turn } from './provider';

const MAX_PASSAGE_CHARS = 2_000;

export function contextBlock(passages: SourcePassage[]): string {
  if (!passages.length) return '(no passages)';
  return passages
    .map((p, i) => {
      const text = p.text.length > MAX_PASSAGE_CHARS ? `${p.text.slice(0, MAX_PASSAGE_CHARS)}…` : p.text;
      return `[${i + 1}] ${p.title}\n${text}${p.answer ? `\nAnswer: ${p.answer}` : ''}`;
    })
    .join('\n\n');
}

export function historyBlock(thread: Turn[]): string {
  return thread.map((t) => `User: ${t.question}\nAssistant: ${t.answer}`).join('\n\n');
}

export function fillTemplate(template: string, values: { question: string; passages: SourcePassage[]; thread: Turn[] }): string {
  const context = contextBlock(values.passages);
  const history = historyBlock(values.thread);
  // One pass, so a question containing "{context}" is not expanded again.
  let filled = template.replace(/\{(context|question|history)\}/g, (_, key: string) =>
    key === 'context' ? context : key === 'question' ? values.question : history,
  );
  if (!template.includes('{context}')) filled += `\n\nContext:\n${context}`;
  if (!template.includes('{question}')) filled += `\n\nQuestion: ${values.question}`;
  return filled;
}
