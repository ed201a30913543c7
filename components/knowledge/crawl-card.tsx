'use client';
// The "Crawl a website" part of /knowledge/import: a start page and the
// crawl's limits; the pages found are imported into the dataset chosen
// above, and the crawl's own page shows them being found, fetched, indexed.
import { Globe } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button, Card, CardBody, CardHeader, ErrorNote, Field, Input, Select, Textarea, UrlInput } from '@/components/ui';
import { useStartCrawl } from './crawl-api';

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export function CrawlCard({ datasetName, uploadName }: { datasetName: string; uploadName: string }) {
  const start = useStartCrawl();
  const router = useRouter();
  const [url, setUrl] = useState('');
  const [maxPages, setMaxPages] = useState('100');
  const [maxDepth, setMaxDepth] = useState('3');
  const [scope, setScope] = useState<'path' | 'host'>('path');
  const [include, setInclude] = useState('');
  const [exclude, setExclude] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function crawl() {
    if (!URL.canParse(url.trim()) || !/^https?:/i.test(url.trim()))
      return setProblem('Enter the address of the start page, beginning with http:// or https://');
    setProblem(null);
    start.mutate(
      {
        dataset_name: datasetName,
        ...(uploadName.trim() ? { name: uploadName.trim() } : {}),
        site: { url: url.trim(), max_pages: Number(maxPages), max_depth: Number(maxDepth), scope, include: lines(include), exclude: lines(exclude) },
      },
      { onSuccess: (answer) => router.push(`/knowledge/uploads/${answer.id}`) },
    );
  }

  return (
    <Card>
      <CardHeader
        title="Crawl a website"
        description="Start from one page: the site's sitemap and the links of its pages lead to the others. robots.txt is respected and the site is asked politely, two pages at a time."
      />
      <CardBody className="grid gap-4 md:grid-cols-2">
        <Field label="Start page" className="md:col-span-2">
          {(p) => (
            <UrlInput
              {...p}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  crawl();
                }
              }}
              placeholder="https://docs.example.com/guide/index.html"
            />
          )}
        </Field>
        <Field label="Follow links" hint="Only pages on the start page's site, or also under its folder.">
          {(p) => (
            <Select {...p} value={scope} onChange={(e) => setScope(e.target.value as 'path' | 'host')}>
              <option value="path">Under the start page's folder</option>
              <option value="host">Anywhere on the same site</option>
            </Select>
          )}
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label="Most pages" hint="1 to 5,000">
            {(p) => <Input {...p} type="number" min={1} max={5000} value={maxPages} onChange={(e) => setMaxPages(e.target.value)} />}
          </Field>
          <Field label="Links deep" hint="0 to 10">
            {(p) => <Input {...p} type="number" min={0} max={10} value={maxDepth} onChange={(e) => setMaxDepth(e.target.value)} />}
          </Field>
        </div>
        <Field label="Only pages matching" hint="Optional; one pattern per line, * for anything (/docs/*).">
          {(p) => <Textarea {...p} rows={2} value={include} onChange={(e) => setInclude(e.target.value)} />}
        </Field>
        <Field label="Leave out pages matching" hint="Optional; one pattern per line (/blog/, *?print=1).">
          {(p) => <Textarea {...p} rows={2} value={exclude} onChange={(e) => setExclude(e.target.value)} />}
        </Field>
        <ErrorNote error={problem || start.error} roomy className="md:col-span-2" />
        <div className="flex justify-end md:col-span-2">
          <Button type="button" variant="secondary" loading={start.isPending} onClick={crawl}>
            <Globe className="size-4" aria-hidden="true" /> Start crawl
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
