'use client';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import type { KeyListItem } from '@/lib/auth/keys';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { useConfirmAction } from '@/components/ui/confirm-action';
import { formatDate, formatDateTime } from '@/components/ui/format';
import { QueryView } from '@/components/ui/query-view';
import { LoadingBlock } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/states';
import { CreateKeyDialog } from './create-key-dialog';
import { useKeys, useRevokeKey, type KeyKind } from './use-keys';

function status(item: KeyListItem): { label: string; tone: 'success' | 'neutral' | 'warning' } {
  if (item.revoked_at) return { label: 'Revoked', tone: 'neutral' };
  if (item.expires_at && Date.parse(item.expires_at) <= Date.now()) return { label: 'Expired', tone: 'warning' };
  return { label: 'Active', tone: 'success' };
}

export function KeyList({
  kind,
  title,
  description,
  curlFor,
}: {
  kind: KeyKind;
  title: string;
  description: React.ReactNode;
  curlFor: (token: string) => string;
}) {
  const keys = useKeys(kind);
  const [creating, setCreating] = useState(false);
  const noun = kind === 'api_keys' ? 'API key' : 'project token';
  const revoke = useConfirmAction<KeyListItem>({
    action: useRevokeKey(kind),
    title: (item) => `Revoke “${item.name}”?`,
    description: `Calls made with this ${noun} will be refused at once. This cannot be undone.`,
    confirmLabel: 'Revoke',
    done: (item) => `${item.name} revoked`,
  });

  return (
    <Card>
      <CardHeader
        title={title}
        description={description}
        actions={
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" /> Create {noun}
          </Button>
        }
      />
      <div>
        <QueryView
          query={keys}
          inset
          loading={
            <div className="p-5">
              <LoadingBlock lines={3} label={`Loading ${noun}s`} />
            </div>
          }
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState
              icon={<KeyRound className="size-8" />}
              title={`No ${noun}s yet`}
              description={`Create one to call the API from your own code. Its secret is shown once.`}
            />
          }
        >
          {(list) => (
            <ul className="divide-y divide-slate-100" aria-label={`${title}`}>
              {list.map((item) => (
                <KeyRow key={item.id} kind={kind} item={item} onRevoke={() => revoke.ask(item)} />
              ))}
            </ul>
          )}
        </QueryView>
      </div>
      <CreateKeyDialog kind={kind} open={creating} onClose={() => setCreating(false)} curlFor={curlFor} />
      {revoke.dialog}
    </Card>
  );
}

/** One key: name, state, prefix and dates, and Revoke while it is active. */
function KeyRow({ kind, item, onRevoke }: { kind: KeyKind; item: KeyListItem; onRevoke: () => void }) {
  const s = status(item);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5" data-testid={`${kind}-row`}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-slate-900">{item.name}</span>
          <Badge tone={s.tone}>{s.label}</Badge>
        </div>
        <p className="mt-0.5 text-xs text-slate-500">
          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-slate-700">{item.prefix}…</code>
          {' · '}created {formatDate(item.created_at)}
          {' · '}
          {item.last_used_at ? `last used ${formatDateTime(item.last_used_at)}` : 'never used'}
          {item.expires_at ? ` · expires ${formatDate(item.expires_at)}` : ''}
          {item.revoked_at ? ` · revoked ${formatDate(item.revoked_at)}` : ''}
        </p>
      </div>
      {!item.revoked_at ? (
        <Button variant="secondary" size="sm" onClick={onRevoke} aria-label={`Revoke ${item.name}`}>
          Revoke
        </Button>
      ) : null}
    </li>
  );
}
