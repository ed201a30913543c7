// The API reference: the served OpenAPI document (GET /api/openapi.json)
// rendered with our own components, operations grouped by tag. Server
// rendered, no script and no CDN: it works offline.
import { Card, CardBody, CardHeader } from '@/components/ui';
import { OperationView, MethodBadge } from './operation-view';
import { SchemaView } from './schema-view';
import type { OpenApiDocument, OperationObject } from './types';
import { Text } from './text';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Entry = { method: (typeof METHODS)[number]; path: string; operation: OperationObject };

function byTag(document: OpenApiDocument): Map<string, Entry[]> {
  const groups = new Map<string, Entry[]>(document.tags.map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) groups.get(operation.tags[0])?.push({ method, path, operation });
    }
  }
  // Within a tag: by path (a collection before its items), then GET, POST, PUT, PATCH, DELETE.
  for (const entries of groups.values())
    entries.sort((a, b) => (a.path === b.path ? METHODS.indexOf(a.method) - METHODS.indexOf(b.method) : a.path < b.path ? -1 : 1));
  return groups;
}

const slug = (name: string) => `tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export function ApiReference({ document }: { document: OpenApiDocument }) {
  const groups = byTag(document);
  const count = [...groups.values()].reduce((sum, entries) => sum + entries.length, 0);
  return (
    <div className="mx-auto flex max-w-7xl gap-8 px-4 py-6 sm:px-6 lg:py-10">
      <nav aria-label="API sections" className="sticky top-6 hidden h-[calc(100vh-3rem)] w-56 shrink-0 overflow-y-auto lg:block">
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Sections</p>
        <ul className="space-y-1 text-sm">
          {document.tags.map((tag) => (
            <li key={tag.name}>
              <a href={`#${slug(tag.name)}`} className="block rounded px-2 py-1 text-slate-700 hover:bg-slate-100">
                {tag.name} <span className="text-slate-400">{groups.get(tag.name)?.length}</span>
              </a>
            </li>
          ))}
          <li>
            <a href="#authentication" className="block rounded px-2 py-1 text-slate-700 hover:bg-slate-100">
              Authentication
            </a>
          </li>
          <li>
            <a href="#schemas" className="block rounded px-2 py-1 text-slate-700 hover:bg-slate-100">
              Schemas
            </a>
          </li>
        </ul>
      </nav>

      <main className="min-w-0 flex-1">
        <header className="mb-6">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">API reference</h1>
          <p className="mt-1 text-sm text-slate-600">
            {document.info.title} · {count} operations · OpenAPI 3.1 document at{' '}
            <a href="/api/openapi.json" className="font-mono text-indigo-700 underline-offset-2 hover:underline">
              /api/openapi.json
            </a>
          </p>
          {document.info.description ? (
            <p className="mt-2 max-w-3xl text-sm text-slate-700">
              <Text>{document.info.description}</Text>
            </p>
          ) : null}
          {/* Small screens: the sections as a row of links instead of the side list. */}
          <nav aria-label="API sections (compact)" className="mt-4 flex gap-2 overflow-x-auto pb-1 lg:hidden">
            {document.tags.map((tag) => (
              <a
                key={tag.name}
                href={`#${slug(tag.name)}`}
                className="shrink-0 rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200"
              >
                {tag.name}
              </a>
            ))}
          </nav>
        </header>

        {document.tags.map((tag) => (
          <section key={tag.name} id={slug(tag.name)} aria-labelledby={`${slug(tag.name)}-title`} className="mb-8 scroll-mt-6">
            <h2 id={`${slug(tag.name)}-title`} className="text-lg font-semibold text-slate-900">
              {tag.name}
            </h2>
            <p className="mb-3 text-sm text-slate-600">{tag.description}</p>
            <div className="space-y-2">
              {groups.get(tag.name)?.map(({ method, path, operation }) => (
                <OperationView key={operation.operationId} method={method} path={path} operation={operation} document={document} />
              ))}
            </div>
          </section>
        ))}

        <section id="authentication" className="mb-8 scroll-mt-6">
          <Card>
            <CardHeader
              title="Authentication"
              description="Send one of these; each operation lists those it accepts. Errors answer {detail} with their status."
            />
            <CardBody>
              <dl className="space-y-3">
                {Object.entries(document.components.securitySchemes).map(([name, scheme]) => (
                  <div key={name}>
                    <dt className="font-mono text-sm font-semibold text-slate-900">
                      {name}{' '}
                      <span className="font-sans text-xs font-normal text-slate-500">
                        {scheme.type === 'http' ? `Authorization: ${scheme.scheme === 'bearer' ? 'Bearer …' : scheme.scheme}` : `${scheme.in} ${scheme.name}`}
                      </span>
                    </dt>
                    <dd className="text-sm text-slate-700">
                      <Text>{scheme.description}</Text>
                    </dd>
                  </div>
                ))}
              </dl>
            </CardBody>
          </Card>
        </section>

        <section id="schemas" className="scroll-mt-6">
          <h2 className="mb-3 text-lg font-semibold text-slate-900">Schemas</h2>
          <div className="space-y-3">
            {Object.entries(document.components.schemas).map(([name, schema]) => (
              <Card key={name} id={`schema-${name}`} className="scroll-mt-6">
                <CardBody>
                  <h3 className="mb-2 font-mono text-sm font-semibold text-slate-900">{name}</h3>
                  <SchemaView schema={schema} />
                </CardBody>
              </Card>
            ))}
          </div>
        </section>
      </main>
    </div>
  );
}

export { MethodBadge };
