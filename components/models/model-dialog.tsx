'use client';
// Create or edit a generative model of the project: the provider (the
// extractive one in the server, or an OpenAI-compatible API with its base
// URL, model and the *name* of the environment variable holding the key),
// the fee multipliers, and a connection test of what the form holds now.
import { Cpu, Plug, Quote } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ChoiceCards, type Choice } from '@/components/ui/choice-cards';
import { Field, Input, UrlInput } from '@/components/ui/field';
import { type EditDialogProps, editForm } from '@/components/ui/edit-dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { ConnectionResult } from './connection-result';
import { useConnectionTest, useSave, type GenerativeModelRecord, type ModelInput } from './use-models';

type Provider = 'extractive' | 'openai';

const PROVIDERS: readonly Choice<Provider>[] = [
  ['openai', Cpu, 'OpenAI-compatible API', 'OpenAI, Ollama, vLLM, llama.cpp… writes answers'],
  ['extractive', Quote, 'Extractive (built in)', 'Quotes the best passage; no provider, no key'],
];

const FEES = [
  ['fee_search', 'Search'],
  ['fee_stream', 'Stream'],
  ['fee_deepsearch', 'Deep search'],
] as const;

export function ModelDialog(editing: EditDialogProps<GenerativeModelRecord>) {
  const model = editing.item;
  const form = editForm(editing, useSave<ModelInput, GenerativeModelRecord>('generative_models', model?.id ?? null), 'model', {
    title: 'New generative model',
    submitLabel: 'Create model',
  });
  const test = useConnectionTest();
  const [name, setName] = useState(model?.name ?? '');
  const [provider, setProvider] = useState<Provider>(model?.provider ?? 'openai');
  const [baseUrl, setBaseUrl] = useState(model?.base_url ?? '');
  const [providerModel, setProviderModel] = useState(model?.provider_model ?? '');
  const [keyEnv, setKeyEnv] = useState(model?.api_key_env ?? '');
  const [fees, setFees] = useState({
    fee_search: String(model?.fee_search ?? 1),
    fee_stream: String(model?.fee_stream ?? 1),
    fee_deepsearch: String(model?.fee_deepsearch ?? 1),
  });
  const connection =
    provider === 'openai' ? { base_url: baseUrl.trim(), provider_model: providerModel.trim() || null, api_key_env: keyEnv.trim() || null } : {};
  const feeValues = Object.fromEntries(FEES.map(([key]) => [key, Number(fees[key])])) as Record<(typeof FEES)[number][0], number>;
  const feesValid = Object.values(feeValues).every((n) => Number.isFinite(n) && n >= 1);

  return (
    <FormDialog
      {...form.dialog}
      width="lg"
      description="Writes the answers of the presets and datamodels that use it."
      canSubmit={Boolean(name.trim()) && feesValid && (provider !== 'openai' || Boolean(baseUrl.trim()))}
      onSubmit={() => form.submit({ name: name.trim(), provider, ...feeValues, ...(provider === 'openai' ? connection : model ? { base_url: null } : {}) })}
    >
      <Field label="Name" hint="Unique across the service; shown in reports.">
        {(props) => <Input {...props} autoFocus required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} placeholder="support-gpt" />}
      </Field>
      <ChoiceCards
        legend="Provider"
        name={`${form.dialog.formId}-provider`}
        value={provider}
        choices={PROVIDERS}
        onChange={(value) => (setProvider(value), test.reset())}
      />
      {provider === 'openai' ? (
        <>
          <Field label="Base URL" hint="With the API version, e.g. https://api.openai.com/v1 or http://ollama.internal:11434/v1.">
            {(props) => (
              <UrlInput
                {...props}
                required
                maxLength={500}
                value={baseUrl}
                onChange={(e) => setBaseUrl(e.target.value)}
                placeholder="https://api.openai.com/v1"
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Model" hint="As the provider names it. Empty: the name above.">
              {(props) => (
                <Input {...props} maxLength={200} value={providerModel} onChange={(e) => setProviderModel(e.target.value)} placeholder="gpt-4o-mini" />
              )}
            </Field>
            <Field label="Key variable (optional)" hint="The name of a server environment variable holding the key — never the key itself.">
              {(props) => (
                <Input
                  {...props}
                  maxLength={128}
                  value={keyEnv}
                  onChange={(e) => setKeyEnv(e.target.value.toUpperCase())}
                  placeholder="OPENAI_API_KEY"
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono"
                />
              )}
            </Field>
          </div>
        </>
      ) : null}
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Fee multipliers</legend>
        <p className="text-xs text-slate-500">Credits per token for each kind of question (at least 1).</p>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {FEES.map(([key, label]) => (
            <Field key={key} label={label}>
              {(props) => (
                <Input
                  {...props}
                  type="number"
                  inputMode="decimal"
                  min={1}
                  max={1000}
                  step={0.1}
                  required
                  value={fees[key]}
                  onChange={(e) => setFees({ ...fees, [key]: e.target.value })}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      {provider === 'openai' ? (
        <div className="space-y-2">
          <Button variant="secondary" size="sm" loading={test.isPending} disabled={!baseUrl.trim()} onClick={() => test.mutate({ provider, ...connection })}>
            <Plug className="size-4" aria-hidden="true" /> Test connection
          </Button>
          <ConnectionResult result={test.data} error={test.error ?? undefined} />
        </div>
      ) : null}
    </FormDialog>
  );
}
