// The embedded answer provider: no language model, so it composes the
// answer from the best sentences of the top passages, each followed by its
// numbered citation, and says plainly that it is extractive.
import { countTokens } from '../text/tokens';
import { queryTerms, sentences, stemsOf } from '../search/text';
import { synonymsOf } from '../search/synonyms';
import { porterStem } from '../search/stem';
import type { GenerationInput, GenerationProvider, GenerationResult } from './provider';

const MAX_SENTENCES = 3;
const MAX_PER_PASSAGE = 2;
const MAX_SENTENCE_CHARS = 400;
export const EXTRACTIVE_NOTE = 'Extractive answer: sentences quoted from the sources cited, not written by a language model.';
export const NO_ANSWER = 'No passage of this dataset answers the question.';

type Scored = { text: string; source: number; position: number; score: number };

function bestSentences(input: GenerationInput): Scored[] {
  const terms = queryTerms(input.question);
  const weight = new Map<string, number>();
  for (const t of terms) {
    weight.set(t.stem, 1);
    for (const s of synonymsOf(t.word)) if (!weight.has(porterStem(s))) weight.set(porterStem(s), 0.6);
  }
  const scored: Scored[] = [];
  input.passages.forEach((passage, source) => {
    // An FAQ row's answer is the answer: take it whole.
    if (passage.answer) {
      scored.push({ text: passage.answer, source, position: -1, score: 2 + 1 / (source + 1) });
      return;
    }
    sentences(passage.text).forEach((text, position) => {
      const seen = new Set<string>();
      const stems = stemsOf(text);
      let matched = 0;
      for (const stem of stems) {
        if (seen.has(stem)) continue;
        seen.add(stem);
        matched += weight.get(stem) ?? 0;
      }
      // A long sentence (a code listing) matches many words by chance: damp
      // by length. Better-ranked passages come first.
      const score = matched / (1 + Math.log1p(stems.length / 30)) + 1 / (source + 1);
      if (matched > 0) scored.push({ text: text.length > MAX_SENTENCE_CHARS ? `${text.slice(0, MAX_SENTENCE_CHARS)}…` : text, source, position, score });
    });
  });
  const perSource = new Map<number, number>();
  const chosen: Scored[] = [];
  for (const s of scored.sort((a, b) => b.score - a.score)) {
    if ((perSource.get(s.source) ?? 0) >= MAX_PER_PASSAGE) continue;
    perSource.set(s.source, (perSource.get(s.source) ?? 0) + 1);
    chosen.push(s);
    if (chosen.length >= MAX_SENTENCES) break;
  }
  // Read in source order, then in the order the passage tells it.
  return chosen.sort((a, b) => a.source - b.source || a.position - b.position);
}

/** The answer text without the note, for summarising an earlier extractive answer. */
function withoutNote(answer: string): string {
  return answer.replace(EXTRACTIVE_NOTE, '').trim();
}

export function composeExtractive(input: GenerationInput): string {
  if (input.contextOnly) {
    const last = input.thread.at(-1);
    if (!last) return 'There is no earlier answer in this conversation to work from.';
    const first = sentences(withoutNote(last.answer)).slice(0, 2).join(' ');
    return `In short, my last answer (to "${last.question}") said: ${first}\n\n${EXTRACTIVE_NOTE}`;
  }
  const chosen = bestSentences(input);
  if (!chosen.length) return NO_ANSWER;
  return `${chosen.map((s) => `${s.text} [${s.source + 1}]`).join(' ')}\n\n${EXTRACTIVE_NOTE}`;
}

async function usage(input: GenerationInput, content: string): Promise<GenerationResult> {
  const promptTokens = await countTokens(input.userPrompt);
  const completionTokens = await countTokens(content);
  return { content, promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

export const extractiveProvider: GenerationProvider = {
  async generate(input) {
    return usage(input, composeExtractive(input));
  },
  async stream(input, onDelta) {
    const content = composeExtractive(input);
    // A few words at a time, so a client renders it the way it renders a model's stream.
    for (const piece of content.match(/(?:\S+\s*){1,6}/g) ?? []) onDelta(piece);
    return usage(input, content);
  },
};
