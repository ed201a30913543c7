export function providerSchemaText(root: string, provider: 'sqlite' | 'postgresql'): string;
export function syncProviderSchemas(root: string): void;
