// What the import form sends, and what it refuses before sending.
import { describe, expect, it } from 'vitest';
import { MAX_FILES_PER_UPLOAD, buildUploadRequest, linkProblem } from '@/components/knowledge/forms';
import { pageId } from '@/components/knowledge/page-id';

const row = (url: string, extra: Partial<{ subject: string; content: string; source: string }> = {}) => ({
  url,
  subject: '',
  content: '',
  source: '',
  ...extra,
});

describe('linkProblem', () => {
  it.each([
    ['', null],
    ['https://example.com/a', null],
    ['http://127.0.0.1:8080/x.html', null],
    ['javascript:alert(1)', 'Use an http:// or https:// link'],
    ['ftp://example.com/file', 'Use an http:// or https:// link'],
    ['not a url', 'Not a valid link'],
  ])('%s → %s', (value, problem) => {
    expect(linkProblem(value)).toBe(problem);
  });
});

describe('buildUploadRequest', () => {
  it('sends every filled row into the chosen dataset with only the optional fields given', () => {
    const request = buildUploadRequest(' Refresh ', 'Handbook', [
      row(' https://example.com/a.html ', { subject: 'Guides', content: 'Intro', source: 'https://example.com/a' }),
      row(''),
      row('https://example.com/b.pdf'),
    ]);
    expect(request).toEqual({
      name: 'Refresh',
      uploads: [
        { dataset_name: 'Handbook', url: 'https://example.com/a.html', subject_name: 'Guides', content_name: 'Intro', source_link: 'https://example.com/a' },
        { dataset_name: 'Handbook', url: 'https://example.com/b.pdf' },
      ],
    });
  });

  it('names an unnamed upload with the fallback', () => {
    const request = buildUploadRequest('  ', 'Handbook', [row('https://example.com/a')], 'Import of today');
    expect(typeof request === 'object' && request.name).toBe('Import of today');
  });

  it.each([
    ['', [row('https://example.com/a')], 'Choose the dataset to import into.'],
    ['Handbook', [row('')], 'Add at least one file URL.'],
    ['Handbook', [row('', { subject: 'Only a subject' })], 'File 1 has no URL.'],
    ['Handbook', [row('https://ok.example/a'), row('file:///etc/passwd')], 'File 2: the URL must be an http:// or https:// link.'],
    ['Handbook', [row('https://ok.example/a', { source: 'javascript:x' })], 'File 1: the source link must be an http:// or https:// link.'],
  ])('refuses %j %j', (dataset, rows, problem) => {
    expect(buildUploadRequest('x', dataset, rows)).toBe(problem);
  });

  it(`refuses more than ${MAX_FILES_PER_UPLOAD} files`, () => {
    const rows = Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, (_, i) => row(`https://example.com/${i}`));
    expect(buildUploadRequest('x', 'Handbook', rows)).toMatch(/at most 100 files/);
    expect(typeof buildUploadRequest('x', 'Handbook', rows.slice(1))).toBe('object');
  });
});

describe('pageId', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2147483647],
    ['0', null],
    ['2147483648', null],
    ['-3', null],
    ['1e3', null],
    ['12abc', null],
    ['', null],
  ])('%s → %s', (segment, id) => {
    expect(pageId(segment)).toBe(id);
  });
});
