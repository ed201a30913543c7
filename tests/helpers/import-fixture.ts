// Where an import test starts: a file server on loopback to import from, and
// organisations with a dataset to import into.
import { afterAll, beforeAll } from 'vitest';
import { startFileServer, type FileServer } from './file-server';
import { createKnowledge, createTenant, type Tenant } from './tenant';

export type ImportFixture = { server: FileServer; tenant: Tenant; datasetId: number };

/** A file server and one tenant with a dataset of this name. */
export async function importFixture(label: string, datasetName: string): Promise<ImportFixture> {
  const server = await startFileServer();
  const tenant = await createTenant(label);
  const datasetId = (await createKnowledge(tenant, datasetName)).dataset.id;
  return { server, tenant, datasetId };
}

/**
 * importFixture for a whole test file: made before its first test, its file
 * server closed after its last. The object is filled in by then, so read its
 * fields in tests and hooks, not while the file is collected.
 */
export function importFixtureForFile(label: string, datasetName: string): ImportFixture {
  const fixture = {} as ImportFixture;
  beforeAll(async () => {
    Object.assign(fixture, await importFixture(label, datasetName));
  });
  afterAll(() => fixture.server.close());
  return fixture;
}

/** A file server and two tenants for tenancy checks: `<prefix>-a` imports into 'Vault', `<prefix>-b` owns 'Other'. */
export async function twoTenantImportFixture(prefix: string): Promise<{ server: FileServer; a: Tenant; b: Tenant }> {
  const server = await startFileServer();
  const a = await createTenant(`${prefix}-a`);
  const b = await createTenant(`${prefix}-b`);
  await createKnowledge(a, 'Vault');
  await createKnowledge(b, 'Other');
  return { server, a, b };
}
