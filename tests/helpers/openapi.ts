// Validating JSON against the served OpenAPI document's schemas with ajv
// (JSON Schema 2020-12, the dialect of OpenAPI 3.1). The document's
// components go in as one schema resource, so `#/components/schemas/…`
// references inside them resolve; an operation's response schema is
// compiled with its references pointed at that resource.
import Ajv2020 from 'ajv/dist/2020';
import { openApiDocument } from '@/lib/openapi/document';

type Json = Record<string, any>;

const COMPONENTS = 'https://openapi.local/components';

export function openApiValidator(document: Json = openApiDocument()) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: COMPONENTS, components: document.components });
  const pointToComponents = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${COMPONENTS}#/components/`));

  return {
    ajv,
    /** Compiles any schema of the document (its $refs resolved); throws when it is not valid JSON Schema. */
    compile(schema: unknown) {
      return ajv.compile(pointToComponents(schema));
    },
    /** The JSON schema of an operation's response (200, 201…), or throws. */
    responseSchema(method: string, path: string, status: number): unknown {
      let response = document.paths?.[path]?.[method.toLowerCase()]?.responses?.[String(status)];
      // Error responses are shared: #/components/responses/ErrorNNN.
      if (typeof response?.$ref === 'string') response = document.components.responses[response.$ref.split('/').pop()];
      const schema = response?.content?.['application/json']?.schema;
      if (!schema) throw new Error(`The document has no JSON response ${status} for ${method} ${path}`);
      return schema;
    },
    /** Validates a response body; answers the errors in words (empty when valid). */
    check(method: string, path: string, status: number, body: unknown): string[] {
      const validate = this.compile(this.responseSchema(method, path, status));
      return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
    },
  };
}
