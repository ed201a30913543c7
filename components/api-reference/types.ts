// The parts of the OpenAPI document (lib/openapi/document.ts) the reference page reads.
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  contentMediaType?: string;
};

export type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required: boolean; description?: string; schema: JsonSchema };
export type Media = Record<string, { schema: JsonSchema }>;
export type ResponseObject = { $ref?: string; description?: string; content?: Media; headers?: Record<string, { description: string }> };

export type OperationObject = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { description?: string; content: Media };
  responses: Record<string, ResponseObject>;
};

export type PathItem = Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', OperationObject>> & {
  description?: string;
  'x-methods-not-allowed'?: string[];
};

export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  tags: { name: string; description: string }[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string; description: string }>;
  };
};
