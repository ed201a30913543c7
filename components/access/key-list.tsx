'use client';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import type { KeyListItem } from '@/lib/auth/keys';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { formatDate, formatDateTime } from '@/components/ui/format';
import { LoadingBlock } from '@/components/ui/spinner';
import { EmptyState, ErrorState, errorMessage } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { CreateKeyDialog } from './create-key-dialog';
import { useKeys, useRevokeKey, type KeyKind } from './use-keys';

function status(item: KeyListItem): { label: string; tone: 'success' | 'neutral' | 'warning' } {
  if (item.revoked_at) return { label: 'Revoked', tone: 'neutral' };
  if (item.expires_at && Date.parse(item.expires_at) <= Date.now()) return { label: 'Expired', tone: 'warning' };
  return { label: 'Active', tone: 'success' };
}

export function KeyList({ kind, title, description, curlFor }: { kind: KeyKind; title: string; description: React.ReactNode; curlFor: (token: string) => string }) {
  const keys = useKeys(kind);
  const revoke = useRevokeKey(kind);
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<KeyListItem | null>(null);
  const noun = kind === 'api_keys' ? 'API key' : 'project token';

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
        {keys.isPending ? (
          <div className="p-5">
            <LoadingBlock lines={3} label={`Loading ${noun}s`} />
          </div>
        ) : keys.error ? (
          <div className="p-4">
            <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
          </div>
        ) : keys.data.length === 0 ? (
          <div className="p-4">
            <EmptyState icon={<KeyRound className="size-8" />} title={`No ${noun}s yet`} description={`Create one to call the API from your own code. Its secret is shown once.`} />
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={`${title}`}>
            {keys.data.map((item) => {
              const s = status(item);
              return (
                <li key={item.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5" data-testid={`${kind}-row`}>
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
                    <Button variant="secondary" size="sm" onClick={() => setRevoking(item)} aria-label={`Revoke ${item.name}`}>
                      Revoke
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <CreateKeyDialog kind={kind} open={creating} onClose={() => setCreating(false)} curlFor={curlFor} />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description={`Calls made with this ${noun} will be refused at once. This cannot be undone.`}
        confirmLabel="Revoke"
        pending={revoke.isPending}
        error={revoke.error ? errorMessage(revoke.error) : undefined}
        onCancel={() => {
          revoke.reset();
          setRevoking(null);
        }}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success(`${revoking.name} revoked`);
              setRevoking(null);
            },
          })
        }
      />
    </Card>
  );
}
