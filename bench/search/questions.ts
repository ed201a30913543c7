// 1,000 mixed questions over the benchmark corpus, the same on every run
// (seeded random): section titles asked as questions, keyword questions
// drawn from passages, questions made only of common words, and
// hand-written paraphrases.
import { loadPages } from './corpus';
import { seededRandom } from './generate';
import { isStopWord, words } from '../../lib/text/words';

const COMMON = [
  'how do I use this function',
  'what is the default value',
  'how to create a new object',
  'what does it return',
  'how can I get the value',
  'what is the difference between the two',
  'how do I set the name',
  'can I change the type',
  'how to call a method',
  'what happens if the value is None',
  'is there a way to do this in python',
  'how to use the module',
  'what are the arguments',
  'how to return a list',
  'how do I make a new file',
];

const PARAPHRASES = [
  'How do I sort a list from largest to smallest?',
  'read a file one line at a time',
  'how can I remove a key from a dictionary',
  'run code after an exception no matter what',
  'pause a coroutine without blocking',
  'format a number with thousands separators',
  'convert a string to lowercase',
  'check whether a file exists',
  'get the current date and time',
  'split a string on whitespace',
  'make a copy of a list that does not share nested objects',
  'generate a random integer in a range',
  'parse command line arguments',
  'serialize a dictionary to JSON',
  'start a subprocess and read its output',
  'join paths in a portable way',
  'measure how long code takes to run',
  'define a class with automatically generated init',
  'iterate over two lists in parallel',
  'count how often each item occurs',
];

export function benchQuestions(count = 1000, seed = 42): string[] {
  const rand = seededRandom(seed);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const pages = loadPages();
  const questions: string[] = [];
  while (questions.length < count) {
    const roll = rand();
    const page = pick(pages);
    const passage = pick(page.passages);
    if (roll < 0.35) {
      const templates = ['How do I use {h}?', 'What is {h}?', '{h} example', 'explain {h}'];
      questions.push(pick(templates).replace('{h}', passage.heading));
    } else if (roll < 0.7) {
      const content = words(passage.text).filter((w) => !isStopWord(w) && w.length > 2 && !/^\d+$/.test(w));
      if (content.length < 3) continue;
      const n = 3 + Math.floor(rand() * 3);
      const start = Math.floor(rand() * Math.max(1, content.length - n));
      questions.push(content.slice(start, start + n).join(' '));
    } else if (roll < 0.85) questions.push(pick(COMMON));
    else questions.push(pick(PARAPHRASES));
  }
  return questions;
}
