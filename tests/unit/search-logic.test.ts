// Pure pieces of search: follow-up resolution, deep-search splitting,
// re-ranking bounds, prompt filling and the extractive answer.
import { describe, expect, it } from 'vitest';
import { resolveQuestion, isAboutThread } from '@/lib/search/followup';
import { subQueries } from '@/lib/search/subqueries';
import { rerank, idf, RANK_SETTINGS } from '@/lib/search/rerank';
import { adverbRoot, queryTerms } from '@/lib/text/words';
import { choosingTerms } from '@/lib/search/retrieve';
import { briefTitle, passageTitle } from '@/lib/search/passage-title';
import { fillTemplate } from '@/lib/generation/prompt';
import { composeExtractive, NO_ANSWER } from '@/lib/generation/extractive';
import type { GenerationInput } from '@/lib/generation/provider';
import { answerInput, passageOf, quoteOf } from '../helpers/answer-input';
import { CORPUS } from '../fixtures/search-corpus';

const turn = (question: string) => ({ question, standalone: question, answer: 'Use sorted(reverse=True) [1].' });

describe('resolveQuestion', () => {
  // `own`: only a connector ties it to the thread and a whole question follows, so it may name a subject of its own (settled against the dataset, topic.ts).
  it.each([
    ['and in reverse order?', 'How do I sort a list in reverse order?', undefined],
    ['what about tuples?', 'How do I sort a list what about tuples?', undefined],
    ['Does it work on strings too?', 'How do I sort a list Does it work on strings too?', undefined],
    ['why?', 'How do I sort a list why?', undefined],
    // A fragment that narrows the last question: a restricting word or a preposition first, no question of its own.
    ['only the last 20 items', 'How do I sort a list only the last 20 items', undefined],
    ['without changing the original', 'How do I sort a list without changing the original', undefined],
    // A strong pointer back, or a leading connector, whatever the question's own length.
    [
      'does it stay sorted when new items are appended afterwards?',
      'How do I sort a list does it stay sorted when new items are appended afterwards?',
      undefined,
    ],
    [
      'what about including the keys of nested dictionaries in the result?',
      'How do I sort a list what about including the keys of nested dictionaries in the result?',
      undefined,
    ],
    ['and how do I reverse that?', 'How do I sort a list how do I reverse that?', undefined],
    // "that" after a verb points back, however many words of its own the question has.
    ['can a key function make that fast on a very big list?', 'How do I sort a list can a key function make that fast on a very big list?', undefined],
    ['And how are credits counted?', 'How do I sort a list how are credits counted?', 'how are credits counted?'],
    ['and what is a tuple?', 'How do I sort a list what is a tuple?', 'what is a tuple?'],
    // A pointer after a subject of the question's own (four content words): it may point inside the question.
    [
      'store a password for services without putting it in the image',
      'How do I sort a list store a password for services without putting it in the image',
      'store a password for services without putting it in the image',
    ],
  ])('%s continues the thread', (question, query, own) => {
    expect(resolveQuestion(question, [turn('How do I sort a list?')])).toEqual(
      own ? { kind: 'followup', query, own: { words: own, thread: 'How do I sort a list?' } } : { kind: 'followup', query },
    );
  });

  it.each([
    'How do I open a file for writing?',
    'asyncio sleep versus time sleep blocking behaviour',
    'is there a way to open a file that skips buffering entirely?',
    'how do I make sure that every file handle gets closed on errors?',
    'find the rows that changed since yesterday in a large table',
    'in python, how do I read a csv file?',
    'with asyncio can I run blocking code in a thread pool executor?',
  ])('%s stands alone', (question) => {
    expect(resolveQuestion(question, [turn('How do I sort a list?')])).toEqual({ kind: 'standalone', query: question });
  });

  it('without a thread every question stands alone', () => {
    expect(resolveQuestion('and in reverse order?', [])).toEqual({ kind: 'standalone', query: 'and in reverse order?' });
  });

  it.each([
    'summarise your last answer',
    'Summarize that in one sentence please',
    'can you repeat the previous answer?',
    'tl;dr',
    'what did you just say?',
    'rephrase it in plain English',
  ])('%s is about the thread', (question) => expect(isAboutThread(question)).toBe(true));

  it.each(['summarise the asyncio documentation', 'repeat a string three times', 'How do I sort a list?'])('%s is not about the thread', (question) => {
    expect(isAboutThread(question)).toBe(false);
  });
});

describe('rerank: lead and unordered pairs', () => {
  // Fixed IDFs: the right passage opens with the question's words in another
  // order; the wrong one holds two of them in its title and all three apart.
  const docs = [
    {
      name: 'Client defaults',
      subject: 'Manual',
      heading: 'Statement behaviour',
      body: 'Timeout for a lock wait in a session: when a statement waits longer than this for a lock, it is cancelled. Zero turns it off, which is the default.',
      answer: '',
      document: 1,
    },
    {
      name: 'Lock management',
      subject: 'Manual',
      heading: 'Lock waits',
      body: 'Every session takes locks while its statements run, and the lock table has a fixed size. Deadlocks are looked for after a short wait; a timeout is not involved there. Locks are released at the end of the transaction.',
      answer: '',
      document: 2,
    },
  ];
  const idfs: Record<string, number> = { lock: 1.2, timeout: 2.0, session: 1.0 };
  const terms = queryTerms('lock timeout of a session').map((t) => ({ stem: t.stem, alternatives: [], idf: idfs[t.stem] }));

  it('decide between a title holding some words and a passage opening with all of them', () => {
    expect(rerank(terms, docs)[0].name).toBe('Client defaults');
    const saved = { lead: RANK_SETTINGS.parts.lead, unordered: RANK_SETTINGS.unordered };
    try {
      RANK_SETTINGS.parts.lead = 0;
      RANK_SETTINGS.unordered = 0;
      expect(rerank(terms, docs)[0].name).toBe('Lock management');
    } finally {
      RANK_SETTINGS.parts.lead = saved.lead;
      RANK_SETTINGS.unordered = saved.unordered;
    }
  });

  it('keeps every score in 0..1', () => {
    for (const d of rerank(terms, docs)) {
      expect(d.score).toBeGreaterThanOrEqual(0);
      expect(d.score).toBeLessThanOrEqual(1);
    }
  });
});

describe('subQueries', () => {
  it('keeps the whole question first and adds each part', () => {
    const question = 'How do I sort a list, and how do I delete a key from a dict?';
    expect(subQueries(question)).toEqual([question, 'How do I sort a list,', 'do I delete a key from a dict']);
  });
  it('splits comparisons into their sides', () => {
    expect(subQueries('What is the difference between sorted() and list.sort()?').slice(1)).toEqual(['sorted()', 'list.sort()']);
  });
  it('leaves a simple question alone', () => {
    expect(subQueries('How do I open a file?')).toEqual(['How do I open a file?']);
  });
});

describe('rerank', () => {
  const docs = CORPUS.flatMap((d) => d.passages.map((p) => ({ name: d.name, subject: d.subject, heading: p.heading, body: p.text, answer: '' })));
  const termsOf = (q: string) => queryTerms(q).map((t) => ({ stem: t.stem, alternatives: [], idf: idf(docs.length, 1) }));

  it('keeps scores in 0..1 and sorts best first', () => {
    const ranked = rerank(termsOf('sort list reverse descending order'), docs);
    expect(ranked[0].heading).toBe('Descending order');
    for (const d of ranked) expect(d.score).toBeGreaterThanOrEqual(0), expect(d.score).toBeLessThanOrEqual(1);
    expect(ranked.map((d) => d.score)).toEqual([...ranked.map((d) => d.score)].sort((a, b) => b - a));
  });

  it('rewards a phrase and proximity over scattered words', () => {
    const near = { name: 'x', subject: '', heading: '', body: 'call the event loop here', answer: '' };
    const far = { name: 'x', subject: '', heading: '', body: 'the loop runs many times before any event is seen', answer: '' };
    const [first] = rerank(termsOf('event loop'), [far, near]);
    expect(first.body).toBe(near.body);
  });

  it('counts the question\'s word pairs in order with stop words between ("results to a file")', () => {
    const apart = { name: 'x', subject: '', heading: '', body: 'the file is shown first and the query results last of all', answer: '' };
    const together = { name: 'x', subject: '', heading: '', body: 'send the query results to a file first and show them last', answer: '' };
    const ranked = rerank(termsOf('query results file'), [apart, together]);
    expect(ranked[0].body).toBe(together.body);
    expect(ranked[0].parts.lexical).toBe(1);
    expect(ranked[1].parts.lexical).toBeLessThan(1);
  });

  it('prefers a passage whose document holds other matching passages (support)', () => {
    const passage = (document: number, body: string) => ({ name: 'x', subject: '', heading: '', body, answer: '', document });
    const stray = passage(1, 'replication slots keep write-ahead log');
    const backed = passage(2, 'replication slots keep write-ahead log');
    const sibling = passage(2, 'a replication slot can be dropped');
    const ranked = rerank(termsOf('replication slots'), [stray, backed, sibling]);
    expect(ranked[0]).toMatchObject({ document: 2, body: backed.body });
    expect(ranked[0].parts.support).toBeGreaterThan(0);
    expect(ranked.find((d) => d.document === 1)?.parts.support).toBe(0);
  });

  it("scales an omnibus page's support down by the root of its length past 20,000 tokens", () => {
    const passage = (document: number, body: string, pageTokens: number) => ({ name: 'x', subject: '', heading: '', body, answer: '', document, pageTokens });
    const docs = [
      passage(1, 'signals sent when a template is rendered', 80_000),
      passage(1, 'template_rendered signal', 80_000),
      passage(2, 'signals sent when a template is rendered', 4_000),
      passage(2, 'template_rendered signal', 4_000),
    ];
    const ranked = rerank(termsOf('template rendered signal'), docs);
    expect(ranked[0].document).toBe(2);
    const support = (document: number) => ranked.find((d) => d.document === document && d.body.startsWith('signals'))!.parts.support;
    expect(support(1)).toBeCloseTo(support(2) * Math.sqrt(20_000 / 80_000));
  });

  it("prefers the page whose name is the question's words and nothing else (a keyword query naming an entry)", () => {
    const page = (document: number, name: string, body: string, pageShare: number) => ({
      name,
      subject: '',
      heading: name,
      body,
      answer: '',
      document,
      pageShare,
    });
    const docs = [
      page(1, 'BUILD_SYSTEM_PREFIX_PATH', 'Directories of the system, searched after the ones of the project.', 0.5),
      page(1, 'BUILD_SYSTEM_PREFIX_PATH', 'Set by the platform files; a project should not change it.', 0.5),
      page(2, 'BUILD_PREFIX_PATH', 'Directories searched by the find commands, before the ones of the system.', 1),
    ];
    const terms = termsOf('BUILD_PREFIX_PATH');
    const ranked = rerank(terms, docs);
    expect(ranked[0].document).toBe(2);
    expect(ranked[0].parts.named).toBe(1);
    // Every word of the question is in the other page's name too, but a quarter of that name is something else.
    expect(ranked[1].parts.named).toBeCloseTo((3 / 4) ** RANK_SETTINGS.namedPower);
    // Without it, the page with two passages wins on their support for each other.
    const saved = RANK_SETTINGS.parts.named;
    try {
      RANK_SETTINGS.parts.named = 0;
      expect(rerank(terms, docs)[0].document).toBe(1);
    } finally {
      RANK_SETTINGS.parts.named = saved;
    }
  });

  it('counts a passage that is all its page as supported by it, a passage of a long page by its share only', () => {
    const passage = (document: number, pageShare: number) => ({
      name: 'x',
      subject: '',
      heading: '',
      body: 'pause suspends every process',
      answer: '',
      document,
      pageShare,
    });
    const ranked = rerank(termsOf('suspend process'), [passage(1, 0.05), passage(2, 1)]);
    expect(ranked[0].document).toBe(2);
    expect(ranked[0].parts.support).toBeCloseTo(0.5);
    expect(ranked[1].parts.support).toBeCloseTo(0.025);
  });
});

describe('prompt and extractive answer', () => {
  const passages = CORPUS[0].passages.map((p, i) => passageOf(100 + i, `${CORPUS[0].name} — ${p.heading}`, p.text));
  const input = (question: string, extra: Partial<GenerationInput> = {}) => answerInput(question, passages, extra);

  it('fills {context}, {question} and {history} once, and appends what a template forgot', () => {
    const filled = fillTemplate('Q={question}\nC={context}', { question: 'what is {context}?', passages: passages.slice(0, 1), thread: [] });
    expect(filled.startsWith('Q=what is {context}?\nC=[1] Sorting lists — Sorting basics\n')).toBe(true);
    expect(fillTemplate('Answer briefly.', { question: 'q?', passages: [], thread: [] })).toBe('Answer briefly.\n\nContext:\n(no passages)\n\nQuestion: q?');
  });

  it('quotes a question–answer row only when its question asks what was asked', () => {
    const faq = {
      title: 'Can unused credits be refunded at the end of the month?',
      text: 'Can unused credits be refunded at the end of the month?',
      answer: 'No: unused credits expire monthly.',
      document: 900,
    };
    const page = passageOf(901, 'Credits and usage reports', 'Credits are counted per answer: tokens multiplied by the fee of the model.');
    // Shares one word: the documentation page answers, the FAQ row is only "see also".
    const counted = composeExtractive(input('How are credits counted?', { passages: [faq, page] }));
    expect(counted).not.toContain('expire monthly');
    expect(counted).toContain('tokens multiplied by the fee');
    // Asks the same thing, worded otherwise: the row's answer, verbatim.
    expect(composeExtractive(input('are unused credits refunded at month end?', { passages: [faq, page] }))).toBe(
      'No: unused credits expire monthly. [1]\n\nSee also: [2] Credits and usage reports.',
    );
  });

  it("quotes the best passage's relevant paragraph, cited, without a disclaimer in the text", () => {
    const answer = composeExtractive(input('How do I sort in descending order?'));
    expect(answer).toContain('Passing reverse=True yields the items from the largest to the smallest, that is in descending order. [2]');
    expect(answer).not.toMatch(/extractive/i);
  });

  it('keeps code verbatim in a fence, introduced by its paragraph, and never puts a citation inside code', () => {
    const text = [
      'To join path parts portably, use os.path.join:',
      '```\nimport os\npath = os.path.join("a", "b")\nlists[1].append(5)\n```',
      'The separator differs between operating systems.',
    ].join('\n\n');
    const code = passageOf(1, 'os.path — Joining paths', text);
    const other = passageOf(2, 'os — Separators', 'os.sep is the character the operating system uses to separate pathname components.');
    const answer = composeExtractive(input('How do I join path components on every operating system?', { passages: [code, other] }));
    expect(answer.startsWith('To join path parts portably, use os.path.join:\n\n```\nimport os\npath = os.path.join("a", "b")\nlists[1].append(5)\n```')).toBe(
      true,
    );
    const insideCode = answer.match(/```[\s\S]*?```/g)!.join('');
    expect(insideCode).not.toMatch(/\[\d\]\s/);
    expect(answer).toMatch(/operating systems\. \[1\]/);
    expect(answer).toContain('See also: [2] os — Separators.');
  });

  it('brings the sentence before an excerpt that points back at it, as context that does not pick the source', () => {
    const text = [
      'Passwords are stored hashed; the hash uses a random salt, so users with the same password get different hashes.',
      'They include the algorithm type in the result, so passwords hashed with different algorithms can co-exist.',
    ].join('\n\n');
    const answer = composeExtractive(answerInput('can passwords hashed with different algorithms co-exist', [passageOf(1, 'Password authentication', text)]));
    expect(answer.startsWith('Passwords are stored hashed;')).toBe(true);
    expect(answer).toContain('can co-exist. [1]');
    // Nothing to point back at in a passage that opens with it; and a noun after "This" names what it means.
    const opening = composeExtractive(
      answerInput('what does pruning remove', [passageOf(1, 'gc', 'Intro about garbage.\n\nThis command prunes loose objects older than two weeks.')]),
    );
    expect(opening.startsWith('This command prunes')).toBe(true);
  });

  it('quotes the reference entry the question names, not a neighbour that repeats its words', () => {
    const text = [
      'changes()',
      'The changes() function returns the number of rows modified by the most recent INSERT, UPDATE or DELETE.',
      'total_changes()',
      'The total_changes() function returns the number of row changes caused by INSERT, UPDATE or DELETE statements since the connection opened; changes by triggers count too, and the changes of every statement add up.',
    ].join('\n\n');
    const functions = passageOf(7, 'Built-In Scalar SQL Functions', text);
    const answer = composeExtractive(input('what does the changes() function return', { passages: [functions] }));
    expect(answer).toMatch(/^`changes\(\)`\n\nThe changes\(\) function returns the number of rows modified/);
    expect(answer).not.toContain('total_changes');
    // The entry in a later source wins over a first source that only repeats the words.
    const [named, neighbour] = text.split('\n\ntotal_changes()');
    const first = { ...functions, text: `total_changes()${neighbour}`, document: 8 };
    const second = { ...functions, text: named, document: 9 };
    expect(composeExtractive(input('what does the changes() function return', { passages: [first, second] }))).toMatch(/^`changes\(\)`[\s\S]*\[2\]/);
    // A comparison is about more than the one name it writes; an index's term (no description after it) is no entry.
    expect(composeExtractive(input('is changes() better than counting rows after triggers statements', { passages: [functions] }))).toContain(
      'total_changes()',
    );
    const index = passageOf(10, 'Index', 'changes()\n\ncharacter sets\n\ntotal_changes()');
    expect(composeExtractive(input('what does the changes() function return', { passages: [index, functions] }))).toMatch(
      /^`changes\(\)`\n\nThe changes\(\)[\s\S]*\[2\]/,
    );
    // A question naming several compares them: the words decide, as without a written name.
    expect(composeExtractive(input('changes() vs total_changes() after triggers statements', { passages: [functions] }))).toContain('total_changes()');
    // Without a written name, the words decide as before.
    expect(composeExtractive(input('how many changes did the statements make', { passages: [functions] }))).toContain('total_changes()');
  });

  it("does not open with the last name of a list as if it were the term of what follows, and keeps a field's value on its label's line", () => {
    const generators = quoteOf('what is a multi-config generator', [
      'True when using a multi-configuration generator such as:',
      'Ninja Multi-Config',
      'Visual Studio Generators',
      'Xcode',
      'Multi-config generators use CMAKE_CONFIGURATION_TYPES as the set of configurations and ignore CMAKE_BUILD_TYPE.',
    ]);
    expect(generators).toBe('Multi-config generators use CMAKE_CONFIGURATION_TYPES as the set of configurations and ignore CMAKE_BUILD_TYPE. [1]');
    // An option after its alias is still the term of its description.
    const option = quoteOf('proceed even if the working tree differs', [
      'Switch branches.',
      '-f',
      '--force',
      'When switching branches, proceed even if the index or the working tree differs from HEAD.',
    ]);
    expect(option).toBe('`--force`\n\nWhen switching branches, proceed even if the index or the working tree differs from HEAD. [1]');
    const exitCodes = quoteOf(
      'what does exit code 5 mean',
      [
        'Running pytest can result in six different exit codes:',
        'Exit code 4:',
        'pytest command line usage error',
        'Exit code 5:',
        'No tests were collected',
        'They are represented by the pytest.ExitCode enum.',
      ],
      { title: 'Exit codes' },
    );
    expect(exitCodes).toBe('**Exit code 5:** No tests were collected [1]');
  });

  it('never chooses a pointer elsewhere ("See also …") as what answers, though it holds the words', () => {
    const answer = quoteOf(
      'CMAKE_PREFIX_PATH',
      [
        'This is a CMake Environment Variable. Its initial value is taken from the calling process environment.',
        'The CMAKE_PREFIX_PATH environment variable may be set to a list of directories specifying installation prefixes to be searched by the find commands.',
        'See also the CMAKE_PREFIX_PATH CMake variable.',
      ],
      { title: 'CMAKE_PREFIX_PATH' },
    );
    expect(answer).toMatch(/^The CMAKE_PREFIX_PATH environment variable may be set/);
    // Alone, it is still better than nothing.
    expect(quoteOf('CMAKE_PREFIX_PATH', ['See also the CMAKE_PREFIX_PATH CMake variable.'], { title: 'CMAKE_PREFIX_PATH' })).toBe(
      'See also the CMAKE_PREFIX_PATH CMake variable. [1]',
    );
  });

  it('does not end on the label or introduction of what it leaves out', () => {
    const answer = quoteOf(
      'default checkpoint timeout',
      [
        'checkpoint_timeout (integer)',
        'Maximum time between automatic WAL checkpoints. The default checkpoint timeout is five minutes.',
        'checkpoint_completion_target (floating point)',
        'Specifies the target of checkpoint completion, as a fraction of total time between checkpoints, and many more words here to make this block long enough that it does not fit the excerpt any more at all: '.repeat(
          6,
        ),
      ],
      { title: 'WAL' },
    );
    // The setting's own label opens the excerpt (as code); the next setting's label does not end it.
    expect(answer).toBe(
      '`checkpoint_timeout (integer)`\n\nMaximum time between automatic WAL checkpoints. The default checkpoint timeout is five minutes. [1]',
    );
    const intro = ['Create a sequence called serial and start it at 101 with the sequence start option.', 'Select the next number from this sequence:'];
    const started = quoteOf('sequence start', intro, { title: 'Sequences', document: 2 });
    expect(started).toBe('Create a sequence called serial and start it at 101 with the sequence start option. [1]');
  });

  it('quotes the best source unless another covers clearly more of the question, not the same word many times', () => {
    const serial = passageOf(
      1,
      'Numeric Types › Serial Types',
      'The serial types create unique identifier columns, like the AUTO_INCREMENT property of other databases.',
    );
    const settings = ['log_level', 'log_format', 'log_timing', 'log_buffers', 'sample_rate']
      .map((name) => `auto_explain.${name} (enum)\n\nauto_explain.${name} sets how auto_explain logs plans. Only superusers can change it.`)
      .join('\n\n');
    const explain = passageOf(2, 'auto_explain', settings);
    const answer = composeExtractive(input('how do I make a column auto increment', { passages: [serial, explain] }));
    expect(answer.startsWith('The serial types create unique identifier columns')).toBe(true);
    expect(answer).not.toContain('superusers');
  });

  it('goes on with a sentence its code example splits, and cites after the code', () => {
    const blocks = [
      'The serial types create unique identifier columns, like the AUTO_INCREMENT property of other databases. In the current implementation, specifying:',
      '```\nCREATE TABLE t (c SERIAL);\n```',
      'is equivalent to specifying:',
      "```\nCREATE SEQUENCE t_c_seq;\nCREATE TABLE t (c integer NOT NULL DEFAULT nextval('t_c_seq'));\n```",
      'Thus an integer column gets its default values from a sequence generator.',
    ];
    const answer = quoteOf('make a column auto increment', blocks, { title: 'Serial Types' });
    expect(answer).toContain('specifying:\n\n```\nCREATE TABLE t (c SERIAL);\n```\n\nis equivalent to specifying:\n\n```\nCREATE SEQUENCE t_c_seq;');
    expect(answer.endsWith("nextval('t_c_seq'));\n```\n\n[1]")).toBe(true);
    expect(answer).not.toContain('specifying: [1]');
  });

  it('never quotes a signature alone: what it introduces comes with it', () => {
    const blocks = [
      'awaitable asyncio.gather(*aws, return_exceptions=False)',
      'Run awaitable objects in the aws sequence concurrently.',
      'If all awaitables are completed successfully, the result is an aggregate list of returned values.',
    ];
    const answer = quoteOf('asyncio gather timeout', blocks, { title: 'Coroutines and Tasks' });
    expect(answer).toBe('`awaitable asyncio.gather(*aws, return_exceptions=False)`\n\nRun awaitable objects in the aws sequence concurrently. [1]');
  });

  it('cites each document once: a second passage of the same document is not a "see also"', () => {
    const a = passageOf(7, 'Tuples', 'A tuple is an immutable sequence; a list is mutable.');
    const b = passageOf(7, 'Tuples', 'Tuples and lists both hold sequences of items.');
    const c = passageOf(8, 'Lists', 'Lists are mutable sequences, unlike a tuple.');
    const answer = composeExtractive(input('difference between a list and a tuple', { passages: [a, b, c] }));
    const cited = [...answer.matchAll(/\[(\d)\]/g)].map((m) => Number(m[1]));
    expect(cited).toEqual([1, 3]);
  });

  it('quotes a question–answer row whole', () => {
    const faq = { title: 'FAQ', text: 'How do I reset my password?', answer: 'Open Settings → Security and choose **Reset password**.', document: 3 };
    expect(composeExtractive(input('reset password', { passages: [faq] }))).toBe('Open Settings → Security and choose **Reset password**. [1]');
  });

  it('says so when nothing answers, and summarises the last answer for thread questions', () => {
    expect(composeExtractive(input('photosynthesis', { passages: [] }))).toBe(NO_ANSWER);
    const summary = composeExtractive(
      input('summarise', {
        contextOnly: true,
        passages: [],
        thread: [{ question: 'How to sort?', answer: 'Use sorted(). It returns a new list. Also list.sort(). [1]\n\n```\nsorted(x)\n```' }],
      }),
    );
    expect(summary).toContain('Use sorted(). It returns a new list.');
    expect(summary).not.toContain('Also list.sort()');
  });
});

describe('token counting', () => {
  it('counts special-token text as plain text instead of throwing', async () => {
    const { countTokens } = await import('@/lib/text/tokens');
    expect(await countTokens('what is <|endoftext|> in python')).toBeGreaterThan(5);
    expect(await countTokens('<|im_start|>system<|im_end|>')).toBeGreaterThan(3);
  });
});

describe('queryTerms keywords', () => {
  const of = (q: string) => queryTerms(q, 12, { keywords: true }).map((t) => (t.keyword ? `${t.word}!` : t.word));
  it('keeps stop words written in capitals as keywords, and only those', () => {
    expect(of('difference between WHERE and HAVING')).toEqual(['difference', 'where!', 'having!']);
    expect(of('How does SELECT FOR UPDATE differ')).toEqual(['select', 'for!', 'update', 'differ']);
  });
  it('ignores capitals in a shouted question, and without the option', () => {
    expect(of('HOW DO I SORT A LIST')).toEqual(['sort', 'list']);
    expect(queryTerms('difference between WHERE and HAVING').map((t) => t.word)).toEqual(['difference']);
  });
  it('a question of stop words alone keeps them all as plain words', () => {
    expect(of('What is WHERE?')).toEqual(['what', 'is', 'where']);
  });
});

describe('adverbRoot', () => {
  it('finds the adjective an adverb is made of where Porter stems the two apart', () => {
    expect(['strictly', 'exactly', 'directly', 'randomly', 'monthly', 'properly'].map(adverbRoot)).toEqual([
      'strict',
      'exact',
      'direct',
      'random',
      'month',
      'proper',
    ]);
  });
  it('leaves alone words that only end like adverbs, and adverbs Porter already joins to their root', () => {
    for (const word of ['only', 'early', 'apply', 'family', 'reply', 'gently', 'automatically', 'nicely', 'fly']) expect(adverbRoot(word)).toBeNull();
  });
});

describe('queryTerms: a question asking for a meaning', () => {
  const of = (q: string) => queryTerms(q).map((t) => t.word);
  it('leaves out the frame ("what does … mean", "meant by", "the meaning of"), not what it names', () => {
    expect(of("what does 'static mean")).toEqual(['static']);
    expect(of('What do SQLSTATE codes mean?')).toEqual(['sqlstate', 'codes']);
    expect(of('what is meant by a superuser')).toEqual(['superuser']);
    expect(of('how does write-ahead logging work')).toEqual(['write', 'ahead', 'logging']);
    expect(of('how do I make my class work with the with statement')).toEqual(['class', 'work', 'statement']);
    expect(of('the meaning of the wal_level setting')).toEqual(['wal', 'level', 'setting']);
  });
  it('keeps "mean" as a word anywhere else', () => {
    expect(of('compute the mean of a list')).toEqual(['compute', 'mean', 'list']);
    expect(of('what does statistics.mean return')).toEqual(['statistics', 'mean', 'return']);
  });
});

describe('queryTerms: comparison connectors', () => {
  it('"vs" and "versus" join the things compared, they are not one of them', () => {
    expect(queryTerms('list vs tuple').map((t) => t.word)).toEqual(['list', 'tuple']);
    expect(queryTerms('json versus jsonb, which one').map((t) => t.word)).toEqual(['json', 'jsonb']);
  });
});

describe('choosingTerms', () => {
  const terms = queryTerms('python list tuple zebra').map((t) => ({ ...t }));
  const counts: Record<string, number> = { python: 1000, list: 300, tupl: 40, zebra: 0 };
  const dfOf = (t: { stem: string }) => counts[t.stem] ?? 0;

  it('leaves out words the dataset lacks and words in most of its passages, rarest first', () => {
    expect(choosingTerms(terms, dfOf, 1000).map((t) => t.stem)).toEqual(['tupl', 'list']);
    // In a dataset where "python" is in under half the passages it chooses too.
    expect(choosingTerms(terms, dfOf, 2001).map((t) => t.stem)).toEqual(['tupl', 'list', 'python']);
  });

  it('keeps a ubiquitous word when the question has nothing else, and never a keyword', () => {
    expect(choosingTerms(queryTerms('python'), dfOf, 1000).map((t) => t.stem)).toEqual(['python']);
    const keyword = queryTerms('WHERE clause', 12, { keywords: true });
    expect(choosingTerms(keyword, () => 10, 1000).map((t) => t.word)).toEqual(['clause']);
  });
});

describe('briefTitle', () => {
  it("cuts a signature's long parameter list to (…), whole or cut at import, and leaves the rest alone", () => {
    expect(briefTitle('dataclasses — Data Classes › @dataclasses.dataclass(*, init=True, repr=True, eq=True, order=False, unsafe_hash=False,')).toBe(
      'dataclasses — Data Classes › @dataclasses.dataclass(…)',
    );
    expect(briefTitle("zipfile › class zipfile.ZipFile(file, mode='r', compression=ZIP_STORED, allowZip64=True) › Notes")).toBe(
      'zipfile › class zipfile.ZipFile(…) › Notes',
    );
    // Short parameters stay: they are the name's meaning.
    expect(briefTitle('time › time.get_clock_info(name)')).toBe('time › time.get_clock_info(name)');
    expect(briefTitle('Built-in Functions › sorted(iterable, /, *, key=None, reverse=False)')).toBe(
      'Built-in Functions › sorted(iterable, /, *, key=None, reverse=False)',
    );
    // A sentence with an aside is no signature.
    const faq = 'Programming FAQ › How do I write a function with output parameters (call by reference, as in C and in many other languages)?';
    expect(briefTitle(faq)).toBe(faq);
  });

  it('points to other sources only when they matched well beside the best one', () => {
    const best = { ...passageOf(1, 'os.path — Joining paths', 'Use os.path.join to join path components on every operating system.'), score: 0.8 };
    const close = { ...passageOf(2, 'pathlib — Paths', 'PurePath.joinpath joins path components too.'), score: 0.5 };
    const far = { ...passageOf(3, 'zipfile — Paths', 'zipfile.Path joins path components inside an archive.'), score: 0.4 };
    const answer = composeExtractive(answerInput('join path components', [best, close, far]));
    expect(answer).toContain('See also: [2] pathlib — Paths.');
    expect(answer).not.toContain('[3]');
  });

  it('shows see-also pointers by their brief titles', () => {
    const first = passageOf(1, 'os.path — Joining paths', 'Use os.path.join to join path components on every operating system.');
    const other = passageOf(
      2,
      'shutil › shutil.copytree(src, dst, symlinks=False, ignore=None, copy_function=copy2)',
      'Recursively copy a directory tree of path components.',
    );
    const answer = composeExtractive(answerInput('join path components', [first, other]));
    expect(answer).toContain('See also: [2] shutil › shutil.copytree(…).');
  });
});

describe('passageTitle', () => {
  it('names the content once when the heading path starts with it', () => {
    expect(passageTitle('os.path — Path helpers', 'os.path — Path helpers › os.path.join(path, *paths)')).toBe(
      'os.path — Path helpers › os.path.join(path, *paths)',
    );
    expect(passageTitle('os.path — Path helpers', 'os.path — Path helpers')).toBe('os.path — Path helpers');
  });
  it('joins a name and a heading of their own, and copes with either missing', () => {
    expect(passageTitle('Handbook', 'Refunds › Deadlines')).toBe('Handbook — Refunds › Deadlines');
    expect(passageTitle('Handbook', '')).toBe('Handbook');
    expect(passageTitle('', 'Refunds')).toBe('Refunds');
    // A heading that merely starts with the same letters is its own.
    expect(passageTitle('Guide', 'Guidelines › Tone')).toBe('Guide — Guidelines › Tone');
  });
  it('says a title once when a heading only adds words to it (a manual page under its own name)', () => {
    expect(passageTitle('git-revert(1)', 'git-revert(1) › git-revert(1) Manual Page › DESCRIPTION')).toBe('git-revert(1) Manual Page › DESCRIPTION');
    expect(passageTitle('git-revert(1)', 'git-revert(1) Manual Page › OPTIONS')).toBe('git-revert(1) Manual Page › OPTIONS');
    expect(passageTitle('Joins', 'Joins › Join Types › Join Types and Their Costs')).toBe('Joins › Join Types and Their Costs');
  });
  it('puts a manual page under the name its name line gave it, once', () => {
    const name = 'git-revert(1) — Revert some existing commits';
    expect(passageTitle(name, 'git-revert(1) › git-revert(1) Manual Page › DESCRIPTION')).toBe(`${name} › DESCRIPTION`);
    expect(passageTitle(name, 'git-revert(1) › NAME')).toBe(`${name} › NAME`);
    expect(passageTitle('pg_dump — extract a database', 'pg_dump')).toBe('pg_dump — extract a database');
    // Another page's heading is not the name's.
    expect(passageTitle(name, 'Undoing › git-revert-like tools')).toBe(`${name} — Undoing › git-revert-like tools`);
  });
});

describe('extractive answer: see also', () => {
  it('points to other documents that say something, not to an index or a table of contents that lists the words', () => {
    const passages = [
      passageOf(1, 'WAL', 'checkpoint_timeout (integer)\n\nMaximum time between automatic WAL checkpoints. The default is five minutes.'),
      passageOf(2, 'Index › C', 'checkpoint_timeout configuration parameter, Checkpoints\n\ncheckpoints, WAL Configuration'),
      passageOf(3, 'WAL Configuration', 'Checkpoints are written every checkpoint_timeout seconds, or sooner when WAL grows.'),
    ];
    const answer = composeExtractive(answerInput('default checkpoint_timeout', passages));
    expect(answer).toMatch(/\n\nSee also: \[3\] WAL Configuration\.$/);
  });
});

describe('extractive answer: reference entries', () => {
  const answer = (text: string, question = 'run a shell command and capture its output') =>
    composeExtractive(answerInput(question, [passageOf(1, 'subprocess', text)]));

  it("opens with the entry's term when the excerpt starts right after it, the term as inline code", () => {
    const text = [
      'Older ways to start programs are listed further down.',
      'subprocess.run(args, *, stdin=None, input=None, stdout=None, stderr=None, capture_output=False, shell=False, timeout=None)',
      'Run the command described by args and capture its output when capture_output is true.',
    ].join('\n\n');
    expect(answer(text)).toBe(
      '`subprocess.run(args, *, stdin=None, input=None, stdout=None, stderr=None, capture_output=False, shell=False, timeout=None)`\n\n' +
        'Run the command described by args and capture its output when capture_output is true. [1]',
    );
  });

  it('writes dotted names and typed signatures as code, sentences as they are', () => {
    expect(answer('os.sep\n\nThe character that separates the parts of a command path.', 'path separator command')).toMatch(/^`os\.sep`\n\n/);
    // A decorator's term (Sphinx writes "@functools.lru_cache(maxsize=128, typed=False)").
    expect(
      answer('@functools.lru_cache(maxsize=128, typed=False)\n\nDecorator that caches the command results of a function.', 'cache command results'),
    ).toMatch(/^`@functools\.lru_cache\(maxsize=128, typed=False\)`\n\n/);
    expect(answer('abs ( numeric_type ) → numeric_type\n\nAbsolute value of the command result.', 'absolute value command')).toMatch(
      /^`abs \( numeric_type \) → numeric_type`\n\n/,
    );
    // A finished sentence before the excerpt is not a term: it stays out.
    expect(answer('Run it first.\n\nThe command output is captured when capture_output is true.')).toBe(
      'The command output is captured when capture_output is true. [1]',
    );
  });
});

describe('extractive answer: captions', () => {
  const answer = (text: string, question: string) => composeExtractive(answerInput(question, [passageOf(1, 'Slices', text)]));
  const code = '```\nfn first_word(s: &str) -> &str {\n    &s[..1]\n}\n```';

  it('quotes a caption with the listing it names, never alone', () => {
    const text = ['Here is the improved version.', code, 'Listing 4-9: Improving the first_word function by using a string slice'].join('\n\n');
    expect(answer(text, 'first word of a string slice')).toBe(
      'Here is the improved version.\n\n```\nfn first_word(s: &str) -> &str {\n    &s[..1]\n}\n```\n\nListing 4-9: Improving the first_word function by using a string slice [1]',
    );
  });

  it('quotes the code a caption names when only the caption matches', () => {
    const text = ['Here is the improved version.', '```\nfn f(s: &str) -> &str { s }\n```', 'Listing 4-9: Taking the first word of a string slice'].join(
      '\n\n',
    );
    expect(answer(text, 'first word of a string slice')).toBe(
      '```\nfn f(s: &str) -> &str { s }\n```\n\nListing 4-9: Taking the first word of a string slice [1]',
    );
  });

  it('keeps the caption that follows its code, and is not answered by a caption when the text around it matches', () => {
    const text = ['Slices let you refer to part of a collection.', code, 'Listing 4-9: Improving the first_word function by using a string slice'].join('\n\n');
    expect(answer(text, 'first word of a string slice')).toMatch(
      /^Slices let you refer to part of a collection\.\n\n```\n[\s\S]*```\n\nListing 4-9: [^\n]* \[1\]$/,
    );
    const table = ['Whenever a backup runs, the progress view holds one row for it.', 'Table 28.40. Backup progress view', 'Column | Description'].join('\n\n');
    expect(answer(table, 'backup progress view')).toBe('Whenever a backup runs, the progress view holds one row for it. [1]');
  });

  it('does not open with the caption of code it leaves out, nor end with one of what it leaves out', () => {
    const text = [
      code,
      'Listing 4-10: The first_word function',
      'Static variables are similar to constants, and the static lifetime of a reference lasts for the whole program.',
      'Table 4-1: Lifetimes',
    ].join('\n\n');
    const quoted = answer(text, 'what does the static lifetime mean');
    expect(quoted).not.toMatch(/^Listing 4-10/);
    expect(quoted).not.toContain('Table 4-1');
    expect(quoted).toContain('Static variables are similar to constants');
  });
});

describe('extractive answer: a sentence interrupted by its code', () => {
  it('never opens in the middle of the sentence: the code and the words that run into it come first', () => {
    const quoted = quoteOf('edit the message of the last commit', [
      'If the problematic commit is the most recent one, you may just destroy it.',
      'Alternatively, you can fix the working directory as if you were going to create a new commit, then run',
      '```\n$ git commit --amend\n```',
      'which will replace the old commit by a new commit incorporating your changes, giving you a chance to edit the old commit message first.',
    ]);
    expect(quoted).toBe(
      'Alternatively, you can fix the working directory as if you were going to create a new commit, then run\n\n```\n$ git commit --amend\n```\n\n' +
        'which will replace the old commit by a new commit incorporating your changes, giving you a chance to edit the old commit message first. [1]',
    );
  });

  it('goes back to where the sentence starts when code interrupts it twice', () => {
    const quoted = quoteOf('what does AllowOverride do', [
      'Options set in the main configuration can be changed per directory.',
      'For example, if the server configuration sets:',
      '```\nAllowOverride Options=Indexes\n```',
      'and a .htaccess file contains:',
      '```\nOptions Indexes\n```',
      'then FollowSymLinks is disabled for that directory, even though the AllowOverride line only permits setting Indexes.',
    ]);
    expect(quoted).toMatch(/^For example, if the server configuration sets:\n\n```\nAllowOverride Options=Indexes\n```\n\nand a .htaccess file contains:/);
  });
});

describe('extractive answer: table rows', () => {
  it('quotes rows that follow one another as a Markdown table, the citation after it', () => {
    const quoted = quoteOf('align option values', [
      'The align option takes one of these values:',
      'Option | Meaning',
      "'<' | Left-aligned within the available space.",
      "'||' | Aligned on both sides.",
    ]);
    expect(quoted).toBe(
      "The align option takes one of these values:\n\n| Option | Meaning |\n| --- | --- |\n| '<' | Left-aligned within the available space. |\n| '\\|\\|' | Aligned on both sides. |\n\n[1]",
    );
  });
});

describe('extractive answer: what a colon announces', () => {
  it('brings the table a sentence announces with a colon, rows that do not match too', () => {
    const quoted = quoteOf('difference between CMD and ENTRYPOINT', [
      'Set the shell once and keep it for every build.',
      'The table below shows what command is executed for different ENTRYPOINT / CMD combinations:',
      '— | No ENTRYPOINT | ENTRYPOINT exec_entry',
      'No CMD | error, not allowed | /bin/sh -c exec_entry',
      'Nothing set | none | exec_entry',
    ]);
    expect(quoted).toBe(
      'The table below shows what command is executed for different ENTRYPOINT / CMD combinations:\n\n' +
        '| — | No ENTRYPOINT | ENTRYPOINT exec_entry |\n| --- | --- | --- |\n| No CMD | error, not allowed | /bin/sh -c exec_entry |\n' +
        '| Nothing set | none | exec_entry |\n\n[1]',
    );
  });

  it("opens a table it quotes with the sentence announcing it, though the sentence holds none of the question's words", () => {
    const quoted = quoteOf('limit how much memory a container may use', [
      'Runtime constraints apply to every process.',
      'We have four ways to set user usage:',
      'Option | Result',
      'memory=inf (default) | There is no memory limit for the container.',
      'memory=L | The container may not use more than L bytes of memory.',
    ]);
    expect(quoted).toBe(
      'We have four ways to set user usage:\n\n| Option | Result |\n| --- | --- |\n| memory=inf (default) | There is no memory limit for the container. |\n' +
        '| memory=L | The container may not use more than L bytes of memory. |\n\n[1]',
    );
  });

  it('opens a list item it quotes with the sentence announcing the list', () => {
    const quoted = quoteOf('search engine running on a web server', [
      'Doxygen can search through HTML with an external tool. This has several advantages:',
      '• No extra index files are needed.',
      '• A search engine running on a web server indexes the documentation of many projects at once.',
      'Unrelated closing words.',
    ]);
    expect(quoted).toBe(
      'Doxygen can search through HTML with an external tool. This has several advantages:\n\n- A search engine running on a web server indexes the documentation of many projects at once. [1]',
    );
  });

  it('does not quote an announcement a passage ends with: what it announces is in the next passage', () => {
    const cut = passageOf(
      1,
      'stats',
      ['Stats show the memory usage of each container.', 'To list the CPU and memory usage of containers in a table you can use:'].join('\n\n'),
    );
    const other = passageOf(2, 'kernel', 'Containers share the kernel of the host.');
    expect(composeExtractive(answerInput('CPU and memory usage of containers', [cut, other]))).toBe(
      'Stats show the memory usage of each container. [1]\n\nSee also: [2] kernel.',
    );
    // A paragraph that goes on to announce what was cut keeps what it said before.
    const paragraph = passageOf(
      1,
      'Index-only scans',
      'An intro.\n\nPostgreSQL supports index-only scans, which answer queries from an index alone. There are two restrictions on when\nthis method can be used:',
    );
    expect(composeExtractive(answerInput('answer queries from an index alone', [paragraph]))).toBe(
      'PostgreSQL supports index-only scans, which answer queries from an index alone. [1]',
    );
  });

  it('brings the items of a list it announces', () => {
    const quoted = quoteOf('rules for CMD and ENTRYPOINT', [
      'A few rules decide how CMD and ENTRYPOINT work together:',
      '• Specify at least one of them.',
      '• Define the executable first.',
      'Unrelated closing words.',
    ]);
    expect(quoted).toBe('A few rules decide how CMD and ENTRYPOINT work together:\n\n- Specify at least one of them.\n\n- Define the executable first. [1]');
  });
});

describe('extractive answer: a box of labelled fields', () => {
  const box = [
    'Description: | Amount of time the server will wait for subsequent requests on a persistent connection',
    'Syntax: | KeepAliveTimeout num[ms]',
    'Default: | KeepAliveTimeout 5',
    'Context: | server config, virtual host',
  ];

  it('quotes rows of a label and its value as a list of fields, not as a table headed by the first field', () => {
    const quoted = quoteOf('KeepAliveTimeout syntax and default', box);
    expect(quoted).toContain('- **Syntax:** KeepAliveTimeout num[ms]\n- **Default:** KeepAliveTimeout 5');
    expect(quoted).not.toContain('| --- |');
    expect(quoted).toMatch(/\n\n\[1\]$/);
  });

  it('quotes one field as a line, the citation at its end', () => {
    expect(quoteOf('KeepAliveTimeout default', box)).toBe('**Default:** KeepAliveTimeout 5 [1]');
  });

  it('keeps a table whose first cells are no labels a table', () => {
    const quoted = quoteOf('align option values', ['Option | Meaning', "'<' | Left-aligned within the available space.", "'>' | Right-aligned."]);
    expect(quoted).toContain('| Option | Meaning |\n| --- | --- |');
  });
});

describe('extractive answer: rows from the middle of a table', () => {
  const answer = (text: string) => composeExtractive(answerInput('join paths', [passageOf(1, 'pathlib', text)]));
  const rows = ['os.getcwd() | Path.cwd()', 'os.symlink() | Path.symlink_to()', 'os.path.join() | PurePath.joinpath()'];

  it("puts the table's header above them when the table starts in the passage, and the sentence announcing it above that", () => {
    expect(answer(['Tools of the os module and their pathlib counterparts:', 'os and os.path | pathlib', ...rows].join('\n\n'))).toBe(
      'Tools of the os module and their pathlib counterparts:\n\n| os and os.path | pathlib |\n| --- | --- |\n| os.path.join() | PurePath.joinpath() |\n\n[1]',
    );
  });

  it("does not end on a table's header without its rows", () => {
    expect(answer(['Paths are joined with the / operator or joinpath.', 'os and os.path | pathlib'].join('\n\n'))).toBe(
      'Paths are joined with the / operator or joinpath. [1]',
    );
  });

  it('takes no header from a passage that opens in the middle of a table', () => {
    expect(answer(rows.join('\n\n'))).toBe('os.path.join() | PurePath.joinpath() [1]');
  });
});

describe("extractive answer: a source's own footnote marks", () => {
  it('leaves them out of prose and table cells, so they never read as citations; code keeps them', () => {
    const quoted = quoteOf('relative path pathlib', [
      'Computing a relative path is what Ingo calls the hard part [7]:',
      'os.path | pathlib',
      'os.path.relpath() | PurePath.relative_to() [2]',
      '```\nitems[2]  # relative path [3]\n```',
    ]);
    expect(quoted).toContain('the hard part:');
    expect(quoted).toContain('| os.path.relpath() | PurePath.relative_to() |');
    expect(quoted).toContain('items[2]  # relative path [3]');
    expect(quoted.match(/\[\d\]/g)).toEqual(['[2]', '[3]', '[1]']);
  });
});
