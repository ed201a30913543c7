// What the browser tests share: the demo organisation the server seeded into
// its temporary data folder on first start.
import fs from 'node:fs';
import path from 'node:path';

export type DemoCredentials = { ownerEmail: string; ownerPassword: string; apiKey: string; projectToken: string };

export const DEMO_EMAILS = { owner: 'owner@demo.local', admin: 'admin@demo.local', editor: 'editor@demo.local', viewer: 'viewer@demo.local' } as const;

export function demoCredentials(): DemoCredentials {
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'demo-credentials.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DemoCredentials;
}
