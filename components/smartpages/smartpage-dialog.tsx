'use client';
// Publish a datamodel as a smartpage, or edit one: name, datamodel, address,
// public or private with its list of people.
import { Globe, Lock } from 'lucide-react';
import { useState } from 'react';
import type { SmartpageRecord } from '@/lib/smartpages/service';
import { ChoiceCards, type Choice } from '@/components/ui/choice-cards';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { type EditDialogProps, editForm } from '@/components/ui/edit-dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { useDatamodels } from '@/components/console/use-catalog';
import { parseEmails, useSaveSmartpage } from './use-smartpages';

const VISIBILITIES: readonly Choice<'public' | 'private'>[] = [
  ['public', Globe, 'Public', 'Anyone with the link'],
  ['private', Lock, 'Private', 'Only the people listed, after signing in'],
];

export function SmartpageDialog(editing: EditDialogProps<SmartpageRecord>) {
  const page = editing.item;
  const datamodels = useDatamodels();
  const form = editForm(editing, useSaveSmartpage(page?.id ?? null), 'smartpage', { title: 'Publish a smartpage', submitLabel: 'Publish' });
  const [name, setName] = useState(page?.name ?? '');
  const [datamodelId, setDatamodelId] = useState<number | ''>(page?.datamodel.id ?? '');
  const [slug, setSlug] = useState(page?.slug ?? '');
  const [visibility, setVisibility] = useState<'public' | 'private'>(page?.visibility ?? 'public');
  const [users, setUsers] = useState(page?.users.join('\n') ?? '');
  const [suggestions, setSuggestions] = useState(page?.suggested_questions.join('\n') ?? '');
  const suggestedQuestions = suggestions
    .split('\n')
    .map((q) => q.trim())
    .filter(Boolean);
  const chosen = datamodelId || datamodels.data?.[0]?.id || '';

  return (
    <FormDialog
      {...form.dialog}
      description="A chat page at its own address, answering from one datamodel."
      canSubmit={Boolean(name.trim() && chosen) && suggestedQuestions.length <= 4}
      onSubmit={() => {
        if (!chosen) return;
        form.submit({
          name: name.trim(),
          datamodel_id: Number(chosen),
          visibility,
          users: visibility === 'private' ? parseEmails(users) : [],
          suggested_questions: suggestedQuestions,
          ...(slug.trim() ? { slug: slug.trim().toLowerCase() } : {}),
        });
      }}
    >
      <Field label="Name">{(props) => <Input {...props} autoFocus required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />}</Field>
      <Field label="Datamodel" hint={datamodels.data?.length === 0 ? 'Create a datamodel first: owners and admins do that on the Models page.' : undefined}>
        {(props) => (
          <Select {...props} value={chosen} onChange={(e) => setDatamodelId(Number(e.target.value))} disabled={!datamodels.data?.length}>
            {(datamodels.data ?? []).map((dm) => (
              <option key={dm.id} value={dm.id}>
                {dm.name} · {dm.dataset.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Address (optional)" hint="3–60 lowercase letters, digits and hyphens. Left empty, one is made from the name.">
        {(props) => (
          <div className="flex items-center rounded-md shadow-sm">
            <span className="inline-flex h-10 items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-500">/s/</span>
            <Input
              {...props}
              className="rounded-l-none shadow-none"
              value={slug}
              maxLength={60}
              placeholder="help-centre"
              onChange={(e) => setSlug(e.target.value)}
            />
          </div>
        )}
      </Field>
      <ChoiceCards legend="Who can use it" name={`${form.dialog.formId}-visibility`} value={visibility} choices={VISIBILITIES} onChange={setVisibility} />
      {visibility === 'private' ? (
        <Field label="People (e-mail addresses)" hint="One per line or separated by commas. They sign in with these addresses.">
          {(props) => (
            <Textarea {...props} rows={4} value={users} onChange={(e) => setUsers(e.target.value)} placeholder={'ana@example.com\nbruno@example.com'} />
          )}
        </Field>
      ) : null}
      <Field
        label="Suggested questions (optional)"
        hint={
          suggestedQuestions.length > 4
            ? `At most 4 questions: remove ${suggestedQuestions.length - 4}.`
            : 'Up to 4, one per line. Visitors see them before their first message and can ask one with a click.'
        }
      >
        {(props) => (
          <Textarea
            {...props}
            rows={3}
            value={suggestions}
            aria-invalid={suggestedQuestions.length > 4 || undefined}
            onChange={(e) => setSuggestions(e.target.value)}
            placeholder={'How do I reset my password?\nWhich file types can I import?'}
          />
        )}
      </Field>
    </FormDialog>
  );
}
