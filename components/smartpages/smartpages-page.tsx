'use client';
import { ExternalLink, Globe, Lock, Plus } from 'lucide-react';
import type { SmartpageRecord } from '@/lib/smartpages/service';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, PageHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { useConfirmAction } from '@/components/ui/confirm-action';
import { useEditDialog } from '@/components/ui/edit-dialog';
import { EditDeleteButtons } from '@/components/ui/edit-delete';
import { formatDate } from '@/components/ui/format';
import { QueryView } from '@/components/ui/query-view';
import { LoadingCard } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/states';
import { useMe } from '@/components/shell/use-me';
import { SmartpageDialog } from './smartpage-dialog';
import { useDeleteSmartpage, useSmartpages } from './use-smartpages';

export function SmartpagesPage() {
  const me = useMe();
  const pages = useSmartpages();
  const editor = useEditDialog<SmartpageRecord>({ created: (saved) => `${saved.name} is live at ${saved.url}` });
  const remove = useConfirmAction<SmartpageRecord>({
    action: useDeleteSmartpage(),
    title: (page) => `Delete “${page.name}”?`,
    description: 'Its address stops working at once. Usage already recorded stays in the reports.',
    confirmLabel: 'Delete',
    done: (page) => `${page.name} deleted`,
  });
  const canWrite = me.data?.permissions.write ?? false;

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Smartpages"
        description="Publish a datamodel as a chat page with its own address. Questions asked there count as smartpage usage."
        actions={
          canWrite ? (
            <Button onClick={editor.create}>
              <Plus className="size-4" aria-hidden="true" /> Publish a smartpage
            </Button>
          ) : null
        }
      />
      <QueryView
        query={pages}
        loading={<LoadingCard lines={4} label="Loading smartpages" />}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={<Globe className="size-8" />}
            title="No smartpages yet"
            description={canWrite ? 'Publish one to let customers or colleagues chat with a datamodel.' : 'Editors, admins and owners can publish smartpages.'}
            action={canWrite ? <Button onClick={editor.create}>Publish a smartpage</Button> : undefined}
          />
        }
      >
        {(list) => (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Smartpages">
            {list.map((page) => (
              <li key={page.id} className="min-w-0">
                <SmartpageCard page={page} canWrite={canWrite} onEdit={() => editor.edit(page)} onDelete={() => remove.ask(page)} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {editor.dialog((editing) => (
        <SmartpageDialog {...editing} />
      ))}
      {remove.dialog}
    </div>
  );
}

/** One published page: name, datamodel, who may use it, its link, and (for writers) edit and delete. */
function SmartpageCard({ page, canWrite, onEdit, onDelete }: { page: SmartpageRecord; canWrite: boolean; onEdit: () => void; onDelete: () => void }) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Card className="flex h-full flex-col p-4 sm:p-5" data-testid="smartpage-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-slate-900">{page.name}</h2>
          <p className="mt-0.5 text-sm text-slate-500">{page.datamodel.name}</p>
        </div>
        {page.visibility === 'public' ? (
          <Badge tone="success">
            <Globe className="size-3" aria-hidden="true" /> Public
          </Badge>
        ) : (
          <Badge tone="warning">
            <Lock className="size-3" aria-hidden="true" /> Private · {page.users.length} {page.users.length === 1 ? 'person' : 'people'}
          </Badge>
        )}
      </div>
      <div className="mt-3 flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded bg-slate-100 px-2 py-1 font-mono text-xs text-slate-700">{`${origin}${page.url}`}</code>
        <CopyButton text={`${origin}${page.url}`} label="Copy link" />
      </div>
      <p className="mt-2 text-xs text-slate-500">Published {formatDate(page.created_at)}</p>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <a
          href={page.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
        >
          <ExternalLink className="size-4" aria-hidden="true" /> Open<span className="sr-only"> {page.name}</span>
        </a>
        {canWrite ? <EditDeleteButtons name={page.name} onEdit={onEdit} onDelete={onDelete} /> : null}
      </div>
    </Card>
  );
}
