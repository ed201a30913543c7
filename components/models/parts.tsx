'use client';
// Pieces the three sections of the Models page share: the card around a
// list with its "New …" button and its loading, error and empty states, a
// row's label/value pairs, and the delete confirmation that shows why a
// delete was refused.
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { useConfirmAction } from '@/components/ui/confirm-action';
import { QueryView, type QueryState } from '@/components/ui/query-view';
import { LoadingBlock } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/states';
import { useDelete } from './use-models';

export function Section<T>({
  title,
  description,
  create,
  query,
  empty,
  children,
}: {
  /** Its heading, which also names the section for assistive technology. */
  title: string;
  description: string;
  /** The section's "New …" button; `blocked` says why it is off (its tooltip), or is true while what it needs loads. */
  create: { label: string; onClick: () => void; blocked?: string | boolean };
  query: QueryState<T[]>;
  /** The empty state; its title is "No {title} yet" unless given. */
  empty: { title?: string; description: string; icon: React.ReactNode };
  children: (items: T[]) => React.ReactNode;
}) {
  // Unique on the page as the titles are: "Generative models" is labelled by generative-models-title.
  const titleId = `${title.toLowerCase().replaceAll(' ', '-')}-title`;
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader
          title={<span id={titleId}>{title}</span>}
          description={description}
          actions={
            <Button
              size="sm"
              onClick={create.onClick}
              disabled={Boolean(create.blocked)}
              title={typeof create.blocked === 'string' ? create.blocked : undefined}
            >
              <Plus className="size-4" aria-hidden="true" /> {create.label}
            </Button>
          }
        />
        <QueryView
          query={query}
          inset
          loading={
            <div className="p-5">
              <LoadingBlock lines={3} label={`Loading ${title.toLowerCase()}`} />
            </div>
          }
          errorTitle={`Could not load the ${title.toLowerCase()}`}
          isEmpty={(items) => items.length === 0}
          empty={<EmptyState icon={empty.icon} title={empty.title ?? `No ${title.toLowerCase()} yet`} description={empty.description} className="py-8" />}
        >
          {(items) => (
            <ul className="divide-y divide-slate-100" aria-label={title}>
              {children(items)}
            </ul>
          )}
        </QueryView>
      </Card>
    </section>
  );
}

/** A row: what it is on the left, its actions on the right (below on a phone). */
export function Row({ children, actions, testId }: { children: React.ReactNode; actions: React.ReactNode; testId: string }) {
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-5" data-testid={testId}>
      <div className="min-w-0 flex-1">{children}</div>
      <div className="-ml-2 flex flex-wrap gap-1 sm:ml-0 sm:justify-end">{actions}</div>
    </li>
  );
}

export function Facts({ items }: { items: Array<[string, React.ReactNode] | null | false> }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {items
        .filter((item): item is [string, React.ReactNode] => Boolean(item))
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="min-w-0 break-words text-slate-800">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** Asks first; a refusal (409: still in use) stays on screen with the server's reason. */
export function useDeleteConfirmation(resource: 'generative_models' | 'presets' | 'datamodels', what: string) {
  return useConfirmAction<{ id: number; name: string }>({
    action: useDelete(resource),
    title: (target) => `Delete the ${what} “${target.name}”?`,
    description: `Answers already given keep its name in the reports. A ${what} still in use cannot be deleted.`,
    confirmLabel: 'Delete',
    done: (target) => `${target.name} deleted`,
  });
}
