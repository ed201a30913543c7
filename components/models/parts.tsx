'use client';
// Pieces the three sections of the Models page share: the card around a
// list with its loading, error and empty states, a row's label/value
// pairs, and the delete confirmation that shows why a delete was refused.
import { useState } from 'react';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { LoadingBlock } from '@/components/ui/spinner';
import { EmptyState, ErrorState, errorMessage } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { useDelete } from './use-models';

type Query<T> = { isPending: boolean; error: unknown; data?: T[]; refetch: () => unknown };

export function Section<T>({ id, title, description, action, query, empty, children }: {
  id: string;
  title: string;
  description: string;
  action: React.ReactNode;
  query: Query<T>;
  empty: { title: string; description: string; icon: React.ReactNode };
  children: (items: T[]) => React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <Card>
        <CardHeader title={<span id={`${id}-title`}>{title}</span>} description={description} actions={action} />
        {query.isPending ? (
          <div className="p-5">
            <LoadingBlock lines={3} label={`Loading ${title.toLowerCase()}`} />
          </div>
        ) : query.error ? (
          <div className="p-4">
            <ErrorState error={query.error} title={`Could not load the ${title.toLowerCase()}`} onRetry={() => void query.refetch()} />
          </div>
        ) : !query.data?.length ? (
          <div className="p-4">
            <EmptyState icon={empty.icon} title={empty.title} description={empty.description} className="py-8" />
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={title}>
            {children(query.data)}
          </ul>
        )}
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
      {items.filter((item): item is [string, React.ReactNode] => Boolean(item)).map(([label, value]) => (
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
  const remove = useDelete(resource);
  const toast = useToast();
  const [target, setTarget] = useState<{ id: number; name: string } | null>(null);
  const close = () => {
    remove.reset();
    setTarget(null);
  };
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={`Delete the ${what} “${target?.name ?? ''}”?`}
      description={`Answers already given keep its name in the reports. A ${what} still in use cannot be deleted.`}
      confirmLabel="Delete"
      pending={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : undefined}
      onCancel={close}
      onConfirm={() =>
        target &&
        remove.mutate(target.id, {
          onSuccess: () => {
            toast.success(`${target.name} deleted`);
            setTarget(null);
          },
        })
      }
    />
  );
  return { ask: setTarget, dialog };
}
