// What the generated route registry holds: each documented route file, its
// URL pattern and its module (whose exported handlers carry their contract).
export type RouteModuleEntry = { file: string; pattern: string; module: Record<string, unknown> };
