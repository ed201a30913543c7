// The prompt of a preset that sets none. A module that imports nothing: the
// preset editor (a browser component) offers it as a start.
export const DEFAULT_PROMPT_TEMPLATE = [
  'You answer questions using only the numbered context passages below.',
  'Cite the passages you use as [1], [2]. If the context does not contain the answer, say so.',
  '',
  'Context:',
  '{context}',
  '',
  'Question: {question}',
].join('\n');
