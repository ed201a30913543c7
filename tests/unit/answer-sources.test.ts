// Which source the embedded answer quotes, and how a box's label reads
// (lib/generation/extractive.ts): a section listing other works is no answer
// while another source has one; "Note" leads the paragraph it labels.
import { describe, expect, it } from 'vitest';
import { composeExtractive } from '@/lib/generation/extractive';
import { answerInput, passageOf, quoteOf } from '../helpers/answer-input';

const resources = passageOf(
  1,
  'Flaky tests › Resources',
  [
    'Eradicating Non-Determinism in Tests by Martin Fowler, 2011',
    'Test and Code Podcast: Flaky Tests and How to Deal with Them by Brian Okken and Anthony Shaw, 2018',
  ].join('\n\n'),
);
const causes = passageOf(
  1,
  'Flaky tests › Potential root causes',
  'A flaky test fails now and then without any change to the code, often because it depends on the state another test left behind.',
);

describe('a section of pointers elsewhere', () => {
  it('is not quoted while another source has an excerpt, though it holds more of the question', () => {
    const answer = composeExtractive(answerInput('what makes a test flaky and how do I deal with it', [resources, causes]));
    expect(answer).toBe('A flaky test fails now and then without any change to the code, often because it depends on the state another test left behind. [2]');
  });

  it('is quoted when it is the only source with the words', () => {
    expect(composeExtractive(answerInput('flaky tests podcast', [resources]))).toContain('Test and Code Podcast');
  });
});

describe("a box's label", () => {
  it('leads the paragraph it labels', () => {
    const text = ['Tests can live inside the application package.', 'Note', 'You can use namespace packages for your application code and its tests.'].join(
      '\n\n',
    );
    expect(composeExtractive(answerInput('namespace packages for application code', [passageOf(1, 'Layout', text)]))).toBe(
      '**Note:** You can use namespace packages for your application code and its tests. [1]',
    );
  });

  it('is a bold line of its own before code', () => {
    const text = ['Warning', '```\nrm -rf build/\n```'].join('\n\n');
    expect(composeExtractive(answerInput('rm build', [passageOf(1, 'Cleaning', text)]))).toBe('**Warning**\n\n```\nrm -rf build/\n```\n\n[1]');
  });
});

describe('a term over its description', () => {
  const quote = (question: string, paragraphs: string[]) => composeExtractive(answerInput(question, [passageOf(1, 'Reference', paragraphs.join('\n\n'))]));

  it('is set apart in bold, not left as a stray word', () => {
    expect(quote('what is a detached HEAD', ['detached HEAD', 'Normally HEAD names a branch; detached, it names a commit directly.'])).toBe(
      '**detached HEAD**\n\nNormally HEAD names a branch; detached, it names a commit directly. [1]',
    );
  });

  it('is inline code when it is written as code: an option, a name with underscores, a command line', () => {
    expect(quote('keep the base when rebasing', ['--keep-base', 'Set the starting point to the merge base of upstream and branch.'])).toMatch(
      /^`--keep-base`\n\nSet the starting point/,
    );
    expect(quote('what does ON_ERROR_STOP do', ['ON_ERROR_STOP', 'Stops the script at the first error instead of going on.'])).toMatch(/^`ON_ERROR_STOP`\n\n/);
    expect(quote('show staged changes', ['git diff [<options>] --cached [<commit>]', 'This form shows the changes you staged for the next commit.'])).toMatch(
      /^`git diff \[<options>\] --cached \[<commit>\]`\n\n/,
    );
  });

  it('escapes what Markdown would take for emphasis', () => {
    expect(quote('edit headers', ['edit*', 'Like edit, but replaces every match of the expression in the header.'])).toMatch(/^\*\*edit\\\*\*\*\n\n/);
  });

  it('leaves running text as it is: a line ending with a comma or "and" continues into the next', () => {
    expect(quote('values of the modified row', ['The new values for each modified field of the row, and', 'the old values of the row.'])).not.toContain('**');
  });
});

describe("a list's items", () => {
  it('are a Markdown list, not lines a browser runs together', () => {
    const items = ['To use a credentials store, you need a helper program:', '• pass: the standard Unix password manager\n• osxkeychain: the macOS keychain'];
    expect(composeExtractive(answerInput('which helper programs store credentials: pass or osxkeychain', [passageOf(1, 'login', items.join('\n\n'))]))).toBe(
      'To use a credentials store, you need a helper program:\n\n- pass: the standard Unix password manager\n- osxkeychain: the macOS keychain [1]',
    );
  });
});

describe('prose that explains the code before it', () => {
  const text = [
    'Cargo lays out a project the way most Rust projects are laid out.',
    'Go to your projects folder. Then, on any operating system, run the following:',
    '```\n$ cargo new hello_cargo\n$ cd hello_cargo\n```',
    'The first command creates a new directory and project called hello_cargo, with a manifest and a source folder inside the new project.',
  ].join('\n\n');

  it('comes with that code and the sentence announcing it: the command is what was asked', () => {
    const answer = composeExtractive(answerInput('start a new project directory with cargo', [passageOf(1, 'Hello, Cargo!', text)]));
    expect(answer).toBe(
      [
        'Go to your projects folder. Then, on any operating system, run the following:',
        '```\n$ cargo new hello_cargo\n$ cd hello_cargo\n```',
        'The first command creates a new directory and project called hello_cargo, with a manifest and a source folder inside the new project. [1]',
      ].join('\n\n'),
    );
  });

  it('is quoted alone after a manual page\'s synopsis: "This command …" is the command the page documents', () => {
    const manual = [
      'The command takes various subcommands:',
      '```\ngit bisect start [<bad> [<good>...]]\ngit bisect reset [<commit>]\n```',
      'This command uses a binary search algorithm to find which commit in your history introduced a bug.',
    ].join('\n\n');
    const answer = composeExtractive(answerInput('find which commit introduced a bug by binary search', [passageOf(1, 'git-bisect', manual)]));
    expect(answer).toBe('This command uses a binary search algorithm to find which commit in your history introduced a bug. [1]');
  });

  it('comes with that code when it points back at it ("That will cause …" after the command)', () => {
    const alter = [
      'ALTER TABLE changes the definition of an existing table.',
      'To add a column of type varchar to a table:',
      '```\nALTER TABLE distributors ADD COLUMN address varchar(30);\n```',
      'That will cause all existing rows in the table to be filled with null values for the new column.',
    ].join('\n\n');
    const answer = composeExtractive(answerInput('what happens to existing rows when I add a new column', [passageOf(1, 'ALTER TABLE › Examples', alter)]));
    expect(answer).toBe(
      [
        'To add a column of type varchar to a table:',
        '```\nALTER TABLE distributors ADD COLUMN address varchar(30);\n```',
        'That will cause all existing rows in the table to be filled with null values for the new column. [1]',
      ].join('\n\n'),
    );
  });

  it('points back at the prose, not at code after other code (a test run’s output after the test)', () => {
    const finalizers = [
      'Finalizers are executed in a first-in-last-out order.',
      '```\ndef test_bar(fix_w_yield1, fix_w_yield2):\n    print("test_bar")\n```',
      '```\n$ pytest -s test_finalizers.py\n.after_yield_2\nafter_yield_1\n```',
      'This is so because yield fixtures use addfinalizer behind the scenes, which registers a function that resumes the generator.',
    ].join('\n\n');
    const answer = composeExtractive(answerInput('yield fixtures or addfinalizer', [passageOf(1, 'Fixtures › Finalizer order', finalizers)]));
    expect(answer).toBe('This is so because yield fixtures use addfinalizer behind the scenes, which registers a function that resumes the generator. [1]');
  });

  it('comes with that code and the words running into it when it says what the code does ("This converts …")', () => {
    const faq = [
      'If you don’t mind reordering the list, sort it and then scan from the end of the list.',
      'If all elements of the list may be used as set keys (i.e. they are all hashable) this is often faster',
      '```\nmylist = list(set(mylist))\n```',
      'This converts the list into a set, thereby removing duplicates, and then back into a list.',
    ].join('\n\n');
    const answer = composeExtractive(answerInput('how do I remove duplicates from a list', [passageOf(1, 'How do you remove duplicates from a list?', faq)]));
    expect(answer).toBe(
      [
        'If all elements of the list may be used as set keys (i.e. they are all hashable) this is often faster',
        '```\nmylist = list(set(mylist))\n```',
        'This converts the list into a set, thereby removing duplicates, and then back into a list. [1]',
      ].join('\n\n'),
    );
  });

  it('takes no lead of a word or two with that code ("Or,"), and says nothing of code when it opens with a noun ("This class …")', () => {
    const alternatives = [
      'Or,',
      "```\nATTACH DATABASE 'file::memory:?cache=shared' AS aux1;\n```",
      'This converts an attached database into one that connections share.',
    ].join('\n\n');
    const shared = composeExtractive(answerInput('share an attached database between connections', [passageOf(1, 'In-memory databases', alternatives)]));
    expect(shared).toMatch(/^```\nATTACH DATABASE/);
    const noun = alternatives.replace('This converts an attached database into', 'This class makes an attached database');
    expect(composeExtractive(answerInput('share an attached database between connections', [passageOf(1, 'In-memory databases', noun)]))).toMatch(
      /^This class makes/,
    );
  });

  it('comes with the one code block before it when it points back ("This allows …" after `ATTACH …`)', () => {
    const attach = [
      'Or,',
      "```\nATTACH DATABASE 'file::memory:?cache=shared' AS aux1;\n```",
      'This allows separate database connections to share the same in-memory database.',
    ].join('\n\n');
    const answer = composeExtractive(answerInput('in-memory database several connections can share', [passageOf(1, 'In-memory databases', attach)]));
    expect(answer).toBe(
      [
        "```\nATTACH DATABASE 'file::memory:?cache=shared' AS aux1;\n```",
        'This allows separate database connections to share the same in-memory database. [1]',
      ].join('\n\n'),
    );
  });

  it('is quoted alone when it names no code ("The first step…")', () => {
    const plain = text.replace('The first command creates', 'The first step creates');
    const answer = composeExtractive(answerInput('start a new project directory with cargo', [passageOf(1, 'Hello, Cargo!', plain)]));
    expect(answer).toMatch(/^The first step creates/);
  });
});

describe('a listing the excerpt names', () => {
  const text = [
    'Rust can also bring a name into scope under another name.',
    'There is another way to bring two types of the same name into scope: after the path, write as and a new local name. Listing 7-16 renames one of the two Result types using as.',
    '```\nuse std::fmt::Result;\nuse std::io::Result as IoResult;\n```',
    'Listing 7-16: Renaming a type when it is brought into scope with the as keyword',
    'The second use statement chooses the new name IoResult for std::io::Result.',
  ].join('\n\n');

  it('comes with it, code and caption, when the passage shows it', () => {
    const answer = composeExtractive(answerInput('rename a type with a new local name when two have the same name', [passageOf(1, 'use', text)]));
    expect(answer).toContain('Listing 7-16 renames one of the two Result types using as.\n\n```\nuse std::fmt::Result;\nuse std::io::Result as IoResult;\n```');
    expect(answer).toContain('Listing 7-16: Renaming a type');
  });

  it('is not looked for when the passage does not hold it', () => {
    const elsewhere = text.replace(/```[\s\S]*?```\n\nListing 7-16: [^\n]*\n\n/, '');
    const answer = composeExtractive(answerInput('rename a type with a new local name when two have the same name', [passageOf(1, 'use', elsewhere)]));
    expect(answer).not.toContain('```');
  });
});

describe('a listing the excerpt names, held by the next passage of its document', () => {
  const intro = {
    ...passageOf(
      1,
      'Structs › Derived Traits',
      'To print a struct for debugging, add the outer attribute #[derive(Debug)] before the struct, as shown in Listing 5-12.',
    ),
    position: 4,
  };
  const listing = {
    ...passageOf(
      1,
      'Structs › Derived Traits',
      [
        '```\n#[derive(Debug)]\nstruct Rectangle { width: u32 }\n```',
        'Listing 5-12: Deriving Debug and printing the Rectangle',
        'Now the program compiles.',
      ].join('\n\n'),
    ),
    position: 5,
  };
  const question = 'print a struct for debugging with derive Debug';

  it('comes with the excerpt when that passage is among the sources', () => {
    const answer = composeExtractive(answerInput(question, [intro, listing]));
    expect(answer).toMatch(/as shown in Listing 5-12\.\n\n```\n#\[derive\(Debug\)\]\nstruct Rectangle \{ width: u32 \}\n```\n\nListing 5-12: Deriving Debug/);
    // Cited once, as the excerpt's source.
    expect(answer.match(/\[\d\]/g)?.[0]).toBe('[1]');
  });

  it('is not taken from a passage that does not stand next to it', () => {
    const answer = composeExtractive(answerInput(question, [intro, { ...listing, position: 9 }]));
    expect(answer).not.toContain('```');
  });
});

describe('code a paragraph announces with a colon', () => {
  const rustfix = [
    'The rustfix tool can automatically fix compiler warnings. For example, consider this code:',
    'Filename: src/main.rs',
    '```\nfn main() {\n    for i in 0..100 {}\n}\n```',
    'Here, we never use the variable i in the body of the loop.',
  ];

  it('comes with it, across the label between them', () => {
    const answer = composeExtractive(answerInput('fix compiler warnings automatically with rustfix', [passageOf(1, 'rustfix', rustfix.join('\n\n'))]));
    expect(answer).toContain('For example, consider this code:\n\n`Filename: src/main.rs`\n\n```\nfn main() {');
    expect(answer).not.toMatch(/:\s*\[1\]/);
  });

  it('is not promised when it is too long to quote: the announcing sentence goes', () => {
    const long = [...rustfix];
    long[2] = `\`\`\`\n${'let unused_value = compute_something_long_enough();\n'.repeat(40)}\`\`\``;
    const answer = composeExtractive(answerInput('fix compiler warnings automatically with rustfix', [passageOf(1, 'rustfix', long.join('\n\n'))]));
    expect(answer).toBe('The rustfix tool can automatically fix compiler warnings. [1]');
  });

  it('is left out with its announcement and label when the passage was cut before the code', () => {
    const cut = ['A string slice parameter accepts both kinds of strings. Defining the function this way loses no functionality:', 'Filename: src/main.rs'];
    const answer = composeExtractive(answerInput('string slice parameter accepts both kinds of strings', [passageOf(1, 'Slices', cut.join('\n\n'))]));
    expect(answer).toBe('A string slice parameter accepts both kinds of strings. [1]');
  });
});

describe('code the paragraph after the excerpt announces', () => {
  const config = [
    'Flask can load all environment variables starting with a prefix into the config using from_prefixed_env().',
    'Environment variables can be set in the shell before starting the server:',
    '```\n$ export FLASK_SECRET_KEY="5f35"\n$ flask run\n```',
    'Keys are loaded in sorted order.',
  ];

  it("comes with the excerpt when the announcement is in the question's words: the code shows how", () => {
    const answer = quoteOf('load configuration from environment variables', config, { title: 'Configuration' });
    expect(answer).toBe(`${config.slice(0, 3).join('\n\n')}\n\n[1]`);
  });

  it('comes with a short announcement of an example ("For example:") in any words', () => {
    const text = [
      'Django provides a helper class that lets you create a Form class from a Django model.',
      'For example:',
      '```\nclass ArticleForm(ModelForm):\n    class Meta:\n        model = Article\n```',
    ];
    const answer = quoteOf('build a form from a model', text, { title: 'Model forms' });
    expect(answer).toContain('For example:\n\n```\nclass ArticleForm(ModelForm):');
  });

  it('is left out when a longer announcement in other words opens another matter', () => {
    const text = [
      'Users of an immutable reference do not expect the value to change under them.',
      'Note that a scope starts where it is introduced and continues through the last time it is used, so this compiles:',
      '```\nlet r1 = &s;\nprintln!("{}", r1);\n```',
    ];
    const answer = quoteOf('immutable value change', text, { title: 'References' });
    expect(answer).toBe('Users of an immutable reference do not expect the value to change under them. [1]');
  });
});

describe('code announced at the end of a passage, held by the next passage of its document', () => {
  const cut = {
    ...passageOf(
      1,
      'mod_proxy_ajp › Usage',
      'This module proxies to a backend server over AJP. The usage is like an HTTP reverse proxy, but uses the ajp:// prefix:',
    ),
    position: 2,
  };
  const next = {
    ...passageOf(1, 'mod_proxy_ajp › Usage › Simple Reverse Proxy', '```\nProxyPass "/app" "ajp://backend:8009/app"\n```\n\nOptions follow.'),
    position: 3,
  };
  const question = 'reverse proxy to a backend server over AJP';

  it('comes with the announcement when that passage is among the sources', () => {
    const answer = composeExtractive(answerInput(question, [cut, next]));
    expect(answer).toBe(
      'This module proxies to a backend server over AJP. The usage is like an HTTP reverse proxy, but uses the ajp:// prefix:\n\n' +
        '```\nProxyPass "/app" "ajp://backend:8009/app"\n```\n\n[1]',
    );
  });

  it('is found after the announcement when the next passage repeats the end of the one before', () => {
    const earlier = '```\nProxyPass "/old" "http://backend/"\n```';
    const announcement = 'The usage is like an HTTP reverse proxy, but uses the ajp:// prefix:';
    const announcing = { ...cut, text: ['This module proxies to a backend server over AJP.', earlier, announcement].join('\n\n') };
    const repeating = { ...next, text: [earlier, announcement, '```\nProxyPass "/app" "ajp://backend:8009/app"\n```'].join('\n\n') };
    const answer = composeExtractive(answerInput(question, [announcing, repeating]));
    expect(answer).toContain(`${earlier}\n\n${announcement}\n\n\`\`\`\nProxyPass "/app" "ajp://backend:8009/app"\n\`\`\`\n\n[1]`);
  });

  it('is not promised when that passage is not among the sources', () => {
    const answer = composeExtractive(answerInput(question, [cut, { ...next, position: 7 }]));
    expect(answer).toBe('This module proxies to a backend server over AJP. [1]');
  });
});

describe('a misspelt question word', () => {
  const stopping = passageOf(
    1,
    'Containers › Stopping',
    ['Images are built in layers.', 'Stop a running container with the stop command: its main process gets a signal first.'].join('\n\n'),
  );

  it('is read as the word the sources write one slip away, so the paragraph that holds it is quoted', () => {
    expect(composeExtractive(answerInput('runnign contaner', [stopping]))).toBe(
      'Stop a running container with the stop command: its main process gets a signal first. [1]',
    );
  });

  it('is left as written when the sources hold no word one slip away', () => {
    expect(composeExtractive(answerInput('kubernetes pods', [stopping]))).toContain("I couldn't find an answer");
  });
});
