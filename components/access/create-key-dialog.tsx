'use client';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import type { CreatedKey } from '@/lib/auth/keys';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { useCreateKey, type KeyKind } from './use-keys';

const NOUN: Record<KeyKind, string> = { api_keys: 'API key', project_tokens: 'project token' };

/** Name (and optional expiry) → the new secret, shown here once and never again. */
export function CreateKeyDialog({ kind, open, onClose, curlFor }: { kind: KeyKind; open: boolean; onClose: () => void; curlFor: (token: string) => string }) {
  const create = useCreateKey(kind);
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const [created, setCreated] = useState<CreatedKey | null>(null);

  const close = () => {
    setName('');
    setExpires('');
    setCreated(null);
    create.reset();
    onClose();
  };

  if (created) {
    const curl = curlFor(created.token);
    return (
      <Dialog open={open} onClose={close} title={`Your new ${NOUN[kind]}`} footer={<Button onClick={close}>Done</Button>}>
        <div className="space-y-4">
          <p className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Copy it now: it is shown only this once. Only its prefix is kept visible; if you lose it, revoke it and create another.
          </p>
          <div>
            <p className="text-sm font-medium text-slate-700">{created.name}</p>
            <div className="mt-1.5 flex items-center gap-2">
              <code
                data-testid="new-secret"
                className="code-surface min-w-0 flex-1 break-all rounded-md bg-slate-900 px-3 py-2 font-mono text-xs text-slate-50"
              >
                {created.token}
              </code>
              <CopyButton text={created.token} />
            </div>
          </div>
          <div>
            <div className="flex items-center justify-between">
              <p className="text-sm font-medium text-slate-700">Try it</p>
              <CopyButton text={curl} label="Copy curl" />
            </div>
            <pre className="code-surface mt-1.5 overflow-x-auto rounded-md bg-slate-900 p-3 font-mono text-xs text-slate-50">{curl}</pre>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={`Create ${NOUN[kind]}`}
      description={
        kind === 'api_keys'
          ? 'For the knowledge, import and search endpoints of this project.'
          : 'For the report endpoints of this project (dashboards, BI tools).'
      }
      formId={`create-${kind}`}
      save={create}
      submitLabel="Create"
      canSubmit={Boolean(name.trim())}
      onSubmit={() => {
        const input = { name: name.trim(), ...(expires ? { expires_at: new Date(`${expires}T23:59:59`).toISOString() } : {}) };
        create.mutate(input, { onSuccess: setCreated });
      }}
    >
      <Field label="Name" hint="What it is for, e.g. “website backend”.">
        {(props) => <Input {...props} autoFocus required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label="Expires on (optional)" hint="Leave empty for a key that lasts until revoked.">
        {(props) => (
          <Input
            {...props}
            type="date"
            min={new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
          />
        )}
      </Field>
    </FormDialog>
  );
}
