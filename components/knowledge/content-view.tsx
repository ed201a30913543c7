'use client';
// /knowledge/contents/{id}: a content's fields (editable) and the passages
// the search answers from.
import { ExternalLink, FileText, Image as ImageIcon, type LucideIcon, Pencil, Trash2, Video } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { Badge, Button, Card, CardBody, CardHeader, ConfirmDialog, ListQueryView, formatDateTime, formatNumber, useToast } from '@/components/ui';
import { type Passage, useCanWrite, useContent, useDataset, useDeleteContent, usePassages, useSubject, useUpdateContent } from './api';
import { useCloseWith } from './close-with';
import { KnowledgePage } from './knowledge-page';
import { ContentDialog, editableFields, linkProblem } from './content-dialog';
import { EditTextDialog } from './text-dialog';
import { passageBlocks } from './passage-blocks';

export function ContentView({ contentId }: { contentId: number }) {
  const content = useContent(contentId);
  const passages = usePassages(contentId);
  const update = useUpdateContent();
  const remove = useDeleteContent();
  const [dialog, setDialog] = useState<'edit' | 'text' | 'delete' | null>(null);
  const router = useRouter();
  const toast = useToast();
  const closeWith = useCloseWith(() => setDialog(null));
  const open = (which: typeof dialog) => {
    update.reset();
    remove.reset();
    setDialog(which);
  };
  const canWrite = useCanWrite();
  const record = content.data;
  // The trail's names; the content's own record holds only their ids.
  const dataset = useDataset(record?.dataset_id ?? 0, { enabled: record !== undefined });
  const subject = useSubject(record?.subject_id ?? 0, { enabled: record !== undefined });
  const initial = useMemo(() => (record ? editableFields(record) : undefined), [record]);

  return (
    <KnowledgePage
      kind="Content"
      query={content}
      trail={(data) => [
        { label: dataset.data?.name, href: `/knowledge/${data.dataset_id}` },
        { label: subject.data?.name, href: `/knowledge/subjects/${data.subject_id}` },
      ]}
      description={(data) => `Updated ${formatDateTime(data.updated_at)}`}
      actions={(data) =>
        canWrite && (
          <>
            {data.origin === 'text' ? (
              <Button variant="secondary" onClick={() => open('text')}>
                <FileText className="size-4" aria-hidden="true" /> Edit text
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => open('edit')}>
              <Pencil className="size-4" aria-hidden="true" /> Edit
            </Button>
            <Button variant="secondary" className="text-red-700! hover:bg-red-50" onClick={() => open('delete')}>
              <Trash2 className="size-4" aria-hidden="true" /> Delete
            </Button>
          </>
        )
      }
    >
      {(data) => (
        <>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
            <section aria-labelledby="passages-heading" className="order-2 lg:order-1">
              <h2 id="passages-heading" className="mb-3 text-lg font-semibold text-slate-900">
                Passages
              </h2>
              <ListQueryView
                query={passages}
                noun="passages"
                lines={6}
                empty={
                  data.origin === 'text'
                    ? {
                        title: 'No passages',
                        description: canWrite
                          ? 'This content has no text yet. Edit text to write or paste Markdown or plain text; it is split into passages that search finds.'
                          : 'This content has no text yet, so search cannot find it.',
                        action: canWrite ? (
                          <Button variant="secondary" onClick={() => open('text')}>
                            <FileText className="size-4" aria-hidden="true" /> Edit text
                          </Button>
                        ) : undefined,
                      }
                    : { title: 'No passages', description: 'Passages appear when the file or page this content comes from is imported again.' }
                }
              >
                {(list) => (
                  <ol className="space-y-3" aria-label="Passages">
                    {list.map((p) => (
                      <li key={p.id}>
                        <PassageCard passage={p} />
                      </li>
                    ))}
                  </ol>
                )}
              </ListQueryView>
            </section>

            <aside className="order-1 lg:order-2">
              <Card>
                <CardHeader title="Details" />
                <CardBody>
                  <dl className="space-y-3 text-sm">
                    <LinkDetail label="Source" href={data.source} />
                    <LinkDetail label="Video" icon={Video} href={data.media_video} />
                    <LinkDetail label="Image" icon={ImageIcon} href={data.media_image} />
                    <Detail label="Passages">{formatNumber(data.passage_count)}</Detail>
                    <Detail label="Indexed tokens">{formatNumber(data.token_count)}</Detail>
                    <Detail label="Created">{formatDateTime(data.created_at)}</Detail>
                  </dl>
                </CardBody>
              </Card>
            </aside>
          </div>

          <ContentDialog
            open={dialog === 'edit'}
            title="Edit content"
            submitLabel="Save"
            initial={initial}
            save={update}
            onClose={() => setDialog(null)}
            onSubmit={(fields) => update.mutate({ id: contentId, fields }, closeWith('Content saved'))}
          />
          <EditTextDialog
            open={dialog === 'text'}
            contentId={contentId}
            contentName={data.name}
            onClose={() => setDialog(null)}
            onSaved={(count) => {
              setDialog(null);
              toast.success(`Text saved · ${formatNumber(count)} ${count === 1 ? 'passage' : 'passages'}`);
            }}
          />
          <ConfirmDialog
            open={dialog === 'delete'}
            title={`Delete content “${data.name}”?`}
            description="Its indexed passages are deleted too and stop answering searches. This cannot be undone."
            confirmLabel="Delete content"
            pending={remove.isPending}
            error={remove.error?.message}
            onCancel={() => setDialog(null)}
            onConfirm={() =>
              remove.mutate(contentId, {
                onSuccess: () => {
                  toast.success('Content deleted');
                  router.push(`/knowledge/${data.dataset_id}`);
                },
              })
            }
          />
        </>
      )}
    </KnowledgePage>
  );
}

/** A passage as the search reads it: its place in the content, heading, text, and the answer of a Q&A row. */
function PassageCard({ passage: p }: { passage: Passage }) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-2 flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <Badge>#{p.position + 1}</Badge>
        {p.heading ? <span className="font-medium text-slate-700">{p.heading}</span> : null}
        <span className="ml-auto">{formatNumber(p.token_count)} tokens</span>
      </div>
      <PassageText text={p.text} />
      {p.answer ? (
        <p className="mt-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          <span className="font-medium">Answer: </span>
          {p.answer}
        </p>
      ) : null}
    </Card>
  );
}

function Detail({ label, children }: { label: React.ReactNode; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-800">{children}</dd>
    </div>
  );
}

/** A link of the content (its source, its media), "None" when it has none. */
function LinkDetail({ label, icon: Icon, href }: { label: string; icon?: LucideIcon; href: string | null }) {
  return (
    <Detail
      label={
        Icon ? (
          <span className="inline-flex items-center gap-1">
            <Icon className="size-3.5" aria-hidden="true" /> {label}
          </span>
        ) : (
          label
        )
      }
    >
      {href ? <ExternalAnchor href={href} /> : <span className="text-slate-400">None</span>}
    </Detail>
  );
}

/** Only http(s) links become anchors: a stored `javascript:` source stays inert text. */
function ExternalAnchor({ href }: { href: string }) {
  if (linkProblem(href)) return <span className="break-all">{href}</span>;
  return (
    <a href={href} target="_blank" rel="noreferrer noopener" className="inline-flex max-w-full items-center gap-1 text-indigo-700 hover:underline">
      <span className="truncate">{href}</span>
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
    </a>
  );
}

/** The passage's paragraphs, code and tables (rows that import wrote one paragraph each). */
function PassageText({ text }: { text: string }) {
  return (
    <div className="space-y-2 text-sm leading-relaxed text-slate-800">
      {passageBlocks(text).map((block, i) => {
        const key = `${block.kind}-${i}`;
        if (block.kind === 'code')
          return (
            <pre key={key} className="code-surface overflow-x-auto rounded-lg bg-slate-900 p-3 font-mono text-[0.8rem] text-slate-100">
              <code>{block.text}</code>
            </pre>
          );
        if (block.kind === 'text')
          return (
            <p key={key} className="whitespace-pre-line break-words">
              {block.text}
            </p>
          );
        const [head, ...rows] = block.rows;
        return (
          <div key={key} className="overflow-x-auto">
            <table className="min-w-full border-collapse text-left text-sm">
              <thead>
                <tr>
                  {head.map((cell, j) => (
                    <th key={`h${j}-${cell}`} scope="col" className="border-b border-slate-300 px-2 py-1 font-semibold">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, r) => (
                  <tr key={`r${r}-${row[0]}`} className="border-b border-slate-100">
                    {row.map((cell, j) => (
                      <td key={`c${j}-${cell}`} className="px-2 py-1 align-top">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </div>
  );
}
