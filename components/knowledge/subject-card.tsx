'use client';
// One subject of a dataset: its contents as the server filters, sorts and
// pages them (25 first, then 100 more at a time), and the actions on the
// subject (rename, delete) and on each content (edit, delete, open passages).
import { ExternalLink, FilePlus2, FileText, Pencil, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { Button, Card, CardHeader, ConfirmDialog, ErrorState, LoadingBlock, QueryView, formatDate, formatNumber } from '@/components/ui';
import {
  type ContentOrder,
  type ContentRecord,
  type SubjectRecord,
  MORE_CONTENTS,
  useContentPages,
  useCreateContent,
  useDeleteContent,
  useDeleteSubject,
  useRenameSubject,
  useUpdateContent,
} from './api';
import { useCloseWith } from './close-with';
import { ContentDialog, EditContentDialog, linkProblem } from './content-dialog';
import { NameDialog } from './name-dialog';

type Dialog = { kind: 'rename' | 'delete' | 'add' } | { kind: 'edit' | 'remove'; content: ContentRecord } | null;

type Props = {
  datasetId: number;
  subject: SubjectRecord;
  /** The filter typed above the subjects (already debounced); empty for none. */
  filter: string;
  order: ContentOrder;
  canWrite: boolean;
  /** On the dataset page the title leads to the subject's own page; on that page it does not. */
  linkTitle?: boolean;
  /** While filtering, a subject without a match steps aside (dataset page) or says so (its own page). */
  hideWithoutMatch?: boolean;
  /** Called after the subject was deleted (its own page leaves). */
  onDeleted?: () => void;
};

export function SubjectCard({ datasetId, subject, filter, order, canWrite, linkTitle = true, hideWithoutMatch = true, onDeleted }: Props) {
  const pages = useContentPages(datasetId, { subjectId: subject.id, q: filter, sort: order });
  const rename = useRenameSubject();
  const remove = useDeleteSubject();
  const add = useCreateContent();
  const update = useUpdateContent();
  const removeContent = useDeleteContent();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const closeWith = useCloseWith(close);
  const open = (next: Dialog) => {
    [rename, remove, add, update, removeContent].forEach((m) => m.reset());
    setDialog(next);
  };

  const filtering = filter.trim().length > 0;
  const contents = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const total = pages.data?.pages.at(-1)?.total ?? contents.length;
  // While filtering, a subject without a match steps aside (the dataset page says when none matches at all).
  if (hideWithoutMatch && filtering && pages.data && !pages.isPlaceholderData && total === 0) return null;
  const count = filtering ? `${formatNumber(total)} matching` : `${formatNumber(total)} ${total === 1 ? 'content' : 'contents'}`;

  return (
    <Card role="region" aria-labelledby={`subject-${subject.id}`}>
      <CardHeader
        title={
          linkTitle ? (
            <Link id={`subject-${subject.id}`} href={`/knowledge/subjects/${subject.id}`} className="rounded hover:text-indigo-700 hover:underline">
              {subject.name}
            </Link>
          ) : (
            <span id={`subject-${subject.id}`}>{subject.name}</span>
          )
        }
        description={pages.data ? count : undefined}
        actions={
          canWrite && (
            <>
              <Button size="sm" variant="secondary" onClick={() => open({ kind: 'add' })}>
                <FilePlus2 className="size-4" aria-hidden="true" /> Add content
              </Button>
              <Button size="sm" variant="ghost" onClick={() => open({ kind: 'rename' })} aria-label={`Rename subject ${subject.name}`}>
                <Pencil className="size-4" aria-hidden="true" />
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => open({ kind: 'delete' })}
                aria-label={`Delete subject ${subject.name}`}
                className="text-red-700! hover:bg-red-50"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </>
          )
        }
      />
      <QueryView
        query={pages}
        loading={
          <div className="px-5 py-4">
            <LoadingBlock lines={3} label={`Loading the contents of ${subject.name}`} />
          </div>
        }
        failed={(error) => (
          <div className="px-4 py-4 sm:px-5">
            <ErrorState error={error} title="Could not load the contents" onRetry={() => pages.refetch()} />
          </div>
        )}
        isEmpty={() => contents.length === 0}
        empty={<p className="px-5 py-4 text-sm text-slate-500">{filtering ? `No contents match “${filter.trim()}”.` : 'No contents in this subject yet.'}</p>}
      >
        {() => (
          <ul className="divide-y divide-slate-100" aria-busy={pages.isFetching && pages.isPlaceholderData}>
            {contents.map((content) => (
              <li key={content.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 sm:px-5">
                <FileText className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <Link href={`/knowledge/contents/${content.id}`} className="block truncate font-medium text-slate-800 hover:text-indigo-700 hover:underline">
                    {content.name}
                  </Link>
                  <p className="flex min-w-0 items-center gap-2 text-xs text-slate-500">
                    <span className="shrink-0">Updated {formatDate(content.updated_at)}</span>
                    {content.source && !linkProblem(content.source) ? (
                      <a
                        href={content.source}
                        target="_blank"
                        rel="noreferrer noopener"
                        className="inline-flex min-w-0 items-center gap-1 hover:text-indigo-700"
                      >
                        <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
                        <span className="truncate">{content.source}</span>
                      </a>
                    ) : null}
                  </p>
                </div>
                {canWrite ? (
                  <div className="flex items-center gap-1">
                    <Button size="sm" variant="ghost" onClick={() => open({ kind: 'edit', content })} aria-label={`Edit content ${content.name}`}>
                      <Pencil className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => open({ kind: 'remove', content })}
                      aria-label={`Delete content ${content.name}`}
                      className="text-red-700! hover:bg-red-50"
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
            {pages.hasNextPage ? (
              <li className="px-4 py-2 sm:px-5">
                <Button size="sm" variant="ghost" loading={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
                  Show {formatNumber(Math.min(MORE_CONTENTS, total - contents.length))} more of {formatNumber(total)}
                </Button>
              </li>
            ) : null}
          </ul>
        )}
      </QueryView>

      <NameDialog
        open={dialog?.kind === 'rename'}
        title="Rename subject"
        initialName={subject.name}
        submitLabel="Save"
        save={rename}
        onClose={close}
        onSubmit={({ name }) => rename.mutate({ id: subject.id, name }, closeWith('Subject renamed'))}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={`Delete subject “${subject.name}”?`}
        description="Its contents and their passages are deleted too. This cannot be undone."
        confirmLabel="Delete subject"
        pending={remove.isPending}
        error={remove.error?.message}
        onCancel={close}
        onConfirm={() => remove.mutate(subject.id, closeWith('Subject deleted', onDeleted))}
      />
      <ContentDialog
        open={dialog?.kind === 'add'}
        title={`Add content to ${subject.name}`}
        submitLabel="Add content"
        withText
        save={add}
        onClose={close}
        onSubmit={(fields) => add.mutate({ datasetId, subjectId: subject.id, fields }, closeWith(`Content “${fields.name}” added`))}
      />
      {dialog?.kind === 'edit' ? (
        <EditContentDialog
          open
          contentId={dialog.content.id}
          save={update}
          onClose={close}
          onSubmit={(fields) => update.mutate({ id: dialog.content.id, fields }, closeWith('Content saved'))}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title={dialog?.kind === 'remove' ? `Delete content “${dialog.content.name}”?` : 'Delete content?'}
        description="Its indexed passages are deleted too and stop answering searches. This cannot be undone."
        confirmLabel="Delete content"
        pending={removeContent.isPending}
        error={removeContent.error?.message}
        onCancel={close}
        onConfirm={() => dialog?.kind === 'remove' && removeContent.mutate(dialog.content.id, closeWith('Content deleted'))}
      />
    </Card>
  );
}
