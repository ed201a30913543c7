// A JSON Schema as a readable field list: names, types, required, limits and
// descriptions; named schemas link to their entry in the Schemas section.
import type { JsonSchema } from './types';
import { Text } from './text';

const refName = (ref: string) => ref.split('/').pop() ?? ref;

export function typeLabel(schema: JsonSchema): React.ReactNode {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return (
      <a href={`#schema-${name}`} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
        {name}
      </a>
    );
  }
  if (schema.const !== undefined) return <code>{JSON.stringify(schema.const)}</code>;
  if (schema.enum) return <span>one of {schema.enum.map((value) => JSON.stringify(value)).join(', ')}</span>;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    return variants.map((variant, index) => (
      <span key={index}>
        {index > 0 ? ' or ' : null}
        {typeLabel(variant)}
      </span>
    ));
  }
  if (schema.type === 'array' && schema.items) return <span>array of {typeLabel(schema.items)}</span>;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  return schema.type ?? 'any';
}

export function constraints(schema: JsonSchema): string[] {
  const out: string[] = [];
  if (schema.minLength !== undefined) out.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) out.push(`max length ${schema.maxLength}`);
  if (schema.minimum !== undefined) out.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) out.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) out.push(`≤ ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) out.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minItems !== undefined) out.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) out.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  if (schema.format) out.push(schema.format);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

type Named = Record<string, JsonSchema>;

/** The nested fields of an object (or of an array's items, a nullable object, or a named schema when `named` is given). */
function nestedObject(schema: JsonSchema, named?: Named): JsonSchema | null {
  if (schema.properties) return schema;
  if (schema.$ref && named) return nestedObject(named[refName(schema.$ref)] ?? {});
  if (schema.type === 'array' && schema.items) return nestedObject(schema.items, named);
  for (const variant of schema.anyOf ?? schema.oneOf ?? []) {
    const found = nestedObject(variant, named);
    if (found) return found;
  }
  return null;
}

/** `named`: the document's schemas, to show a response's named record field by field (top level only). */
export function SchemaView({ schema, depth = 0, named }: { schema: JsonSchema; depth?: number; named?: Named }) {
  const object = nestedObject(schema, named);
  if (!object?.properties) {
    return (
      <p className="text-sm text-slate-700">
        <span className="font-mono text-xs">{typeLabel(schema)}</span>
        {schema.description ? (
          <span className="text-slate-600">
            {' — '}
            <Text>{schema.description}</Text>
          </span>
        ) : null}
      </p>
    );
  }
  const required = new Set(object.required ?? []);
  return (
    <div>
      {depth === 0 && schema !== object ? <p className="mb-1 font-mono text-xs text-slate-600">{typeLabel(schema)}</p> : null}
      {depth === 0 && object.description ? (
        <p className="mb-2 text-sm text-slate-600">
          <Text>{object.description}</Text>
        </p>
      ) : null}
      <ul className={depth > 0 ? 'mt-1 border-l border-slate-200 pl-3' : 'divide-y divide-slate-100 rounded-md border border-slate-200'}>
        {Object.entries(object.properties).map(([name, property]) => {
          const inner = depth < 4 ? nestedObject(property) : null;
          return (
            <li key={name} className={depth > 0 ? 'py-1' : 'px-3 py-2'}>
              <FieldSummary name={name} schema={property} required={required.has(name)} description={property.description} />
              {inner?.properties ? <SchemaView schema={inner} depth={depth + 1} /> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One field of a list: its name, where it is sent (a parameter's `in`), its type, whether it is required, its description and limits. */
export function FieldSummary({
  name,
  location,
  schema,
  required,
  description,
}: {
  name: string;
  location?: string;
  schema: JsonSchema;
  required: boolean;
  description?: string;
}) {
  const limits = constraints(schema);
  return (
    <>
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <code className="break-all font-mono text-sm font-semibold text-slate-900">{name}</code>
        {location ? <span className="text-xs text-slate-500">in {location}</span> : null}
        <span className="font-mono text-xs text-slate-600">{typeLabel(schema)}</span>
        {required ? <span className="text-xs font-medium text-red-700">required</span> : <span className="text-xs text-slate-500">optional</span>}
      </div>
      {description ? (
        <p className="mt-0.5 text-sm text-slate-600">
          <Text>{description}</Text>
        </p>
      ) : null}
      {limits.length ? <p className="mt-0.5 break-all text-xs text-slate-500">{limits.join(' · ')}</p> : null}
    </>
  );
}
