// One operation: method and path as the summary line of a <details> (no
// script needed), and inside it credentials, parameters, body and responses.
import { cn } from '@/components/ui';
import { FieldSummary, SchemaView } from './schema-view';
import type { OpenApiDocument, OperationObject, ResponseObject } from './types';
import { Text } from './text';

const METHOD_TONE: Record<string, string> = {
  get: 'bg-sky-100 text-sky-800 ring-sky-200',
  post: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  put: 'bg-amber-100 text-amber-800 ring-amber-200',
  patch: 'bg-violet-100 text-violet-800 ring-violet-200',
  delete: 'bg-red-100 text-red-800 ring-red-200',
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={cn(
        'inline-block w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-bold uppercase ring-1 ring-inset',
        METHOD_TONE[method],
      )}
    >
      {method}
    </span>
  );
}

const SCHEME_LABEL: Record<string, string> = { apiKey: 'API key', userToken: 'User token', projectToken: 'Project token', sessionCookie: 'Session cookie' };

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-4">
      <h4 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h4>
      {children}
    </section>
  );
}

function Credentials({ operation }: { operation: OperationObject }) {
  if (!operation.security.length) return <p className="text-sm text-slate-700">None: public.</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {operation.security
        .flatMap((requirement) => Object.keys(requirement))
        .map((name) => (
          <li key={name}>
            <a
              href="#authentication"
              className="inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-200 hover:bg-slate-200"
            >
              {SCHEME_LABEL[name] ?? name}
            </a>
          </li>
        ))}
    </ul>
  );
}

function Parameters({ operation }: { operation: OperationObject }) {
  const parameters = operation.parameters ?? [];
  return (
    <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
      {parameters.map((parameter) => (
        <li key={`${parameter.in}:${parameter.name}`} className="px-3 py-2">
          <FieldSummary
            name={parameter.name}
            location={parameter.in}
            schema={parameter.schema}
            required={parameter.required}
            description={parameter.description}
          />
        </li>
      ))}
    </ul>
  );
}

function MediaView({ content, named }: { content: NonNullable<ResponseObject['content']>; named?: OpenApiDocument['components']['schemas'] }) {
  return (
    <>
      {Object.entries(content).map(([media, { schema }]) => (
        <div key={media} className="mt-2">
          <p className="mb-1 font-mono text-xs text-slate-500">{media}</p>
          {media === 'application/json' ? (
            <SchemaView schema={schema} named={named} />
          ) : (
            <p className="text-sm text-slate-600">{schema.description ?? (media === 'text/event-stream' ? 'A stream of server-sent events' : 'A file')}</p>
          )}
        </div>
      ))}
    </>
  );
}

function Responses({ operation, document }: { operation: OperationObject; document: OpenApiDocument }) {
  return (
    <ul className="space-y-2">
      {Object.entries(operation.responses).map(([status, declared]) => {
        const response = declared.$ref ? document.components.responses[declared.$ref.split('/').pop() ?? ''] : declared;
        const success = Number(status) < 400;
        return (
          <li key={status} className="rounded-md border border-slate-200 px-3 py-2">
            <div className="flex flex-wrap items-baseline gap-2">
              <span className={cn('font-mono text-sm font-bold', success ? 'text-emerald-700' : 'text-red-700')}>{status}</span>
              <span className="text-sm text-slate-700">{response?.description ? <Text>{response.description}</Text> : null}</span>
              {declared.$ref ? <span className="font-mono text-xs text-slate-500">{'{detail}'}</span> : null}
            </div>
            {response?.headers ? (
              <p className="mt-1 text-xs text-slate-600">
                Headers:{' '}
                {Object.entries(response.headers).map(([name, header]) => (
                  <span key={name}>
                    <code className="font-mono">{name}</code> ({header.description}){' '}
                  </span>
                ))}
              </p>
            ) : null}
            {success && response?.content ? <MediaView content={response.content} named={document.components.schemas} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

export function OperationView({ method, path, operation, document }: { method: string; path: string; operation: OperationObject; document: OpenApiDocument }) {
  return (
    <details id={operation.operationId} className="group scroll-mt-20 rounded-lg border border-slate-200 bg-white shadow-sm">
      <summary className="flex cursor-pointer list-none flex-col gap-1 px-3 py-2.5 sm:flex-row sm:items-center sm:gap-3 sm:px-4 [&::-webkit-details-marker]:hidden">
        <span className="flex min-w-0 items-center gap-2 sm:gap-3">
          <MethodBadge method={method} />
          <code className="min-w-0 break-all font-mono text-sm text-slate-900">{path}</code>
        </span>
        <span className="text-sm text-slate-600 sm:ml-auto sm:text-right">
          <Text>{operation.summary}</Text>
        </span>
      </summary>
      <div className="border-t border-slate-100 px-3 pb-4 sm:px-4">
        {operation.description ? (
          <p className="mt-3 text-sm text-slate-700">
            <Text>{operation.description}</Text>
          </p>
        ) : null}
        <Section title="Credentials">
          <Credentials operation={operation} />
        </Section>
        {operation.parameters?.length ? (
          <Section title="Parameters">
            <Parameters operation={operation} />
          </Section>
        ) : null}
        {operation.requestBody ? (
          <Section title="Request body">
            {operation.requestBody.description ? (
              <p className="text-sm text-slate-600">
                <Text>{operation.requestBody.description}</Text>
              </p>
            ) : null}
            <MediaView content={operation.requestBody.content} />
          </Section>
        ) : null}
        <Section title="Responses">
          <Responses operation={operation} document={document} />
        </Section>
      </div>
    </details>
  );
}
