// An answer's Markdown as the console renders it: HTML in it is text, so a
// placeholder keeps its place in the sentence and no markup gets through.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnswerMarkdown } from '@/components/console/answer-markdown';

const html = (text: string) => renderToStaticMarkup(createElement(AnswerMarkdown, { text, sourceCount: 2, onCite: () => undefined }));

describe('AnswerMarkdown', () => {
  it('shows a placeholder in angle brackets as text, in its sentence', () => {
    expect(html('View the changes relative to the named <commit>. [1]')).toContain('relative to the named &lt;commit&gt;.');
  });

  it('shows markup a quoted document holds as text, inline and as a block', () => {
    const out = html('Click <b onclick="steal()">here</b> [1]\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(out).not.toMatch(/<b[ >]|<script|<img/);
    expect(out).toContain('&lt;b onclick=&quot;steal()&quot;&gt;here&lt;/b&gt;');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps citations, code and bold as they were', () => {
    const out = html('**detached HEAD**\n\nHEAD names a commit [2]\n\n```\ngit switch --detach <commit>\n```');
    expect(out).toContain('<strong>detached HEAD</strong>');
    expect(out).toContain('aria-label="Show source 2"');
    expect(out).toContain('git switch --detach &lt;commit&gt;');
  });
});

describe('the extractive answer in the console', () => {
  it('shows "__doc__", "*args" and "**kwargs" as written, not as emphasis; "snake_case" as it is', async () => {
    const { quoteOf } = await import('../helpers/answer-input');
    const answer = quoteOf('where are docstrings stored', [
      'Docstrings are stored in __doc__ and read at runtime; a function takes *args and **kwargs, a snake_case name and _private ones.',
    ]);
    expect(answer).toContain('stored in \\_\\_doc\\_\\_ and read');
    expect(answer).toContain('takes \\*args and \\*\\*kwargs, a snake_case name and \\_private ones.');
    const out = html(answer);
    expect(out).toContain('stored in __doc__ and read at runtime; a function takes *args and **kwargs, a snake_case name and _private ones.');
    expect(out).not.toMatch(/<strong>|<em>/);
  });
});
