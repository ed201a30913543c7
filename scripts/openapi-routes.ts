// Regenerates lib/openapi/routes.generated.ts: one static import per route
// file under app/api and app/searcher, so the OpenAPI document (and the
// /api-reference page) can read every route's contract. A static list,
// because the bundler (Turbopack) only includes modules it can see imported;
// a directory walk at request time would find no files in a deployed build.
//
//   npx tsx scripts/openapi-routes.ts          writes the file
//   npx tsx scripts/openapi-routes.ts --check  exits 1 when it is out of date
import fs from 'node:fs';
import path from 'node:path';
import { routeRegistrySource } from '../lib/openapi/registry-source';

const target = path.join(process.cwd(), 'lib/openapi/routes.generated.ts');
const source = routeRegistrySource(process.cwd());

if (process.argv.includes('--check')) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current !== source) {
    console.error('lib/openapi/routes.generated.ts is out of date: run `npx tsx scripts/openapi-routes.ts`');
    process.exit(1);
  }
  console.log('lib/openapi/routes.generated.ts is up to date');
} else {
  fs.writeFileSync(target, source);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
