// prisma/models.prisma is the one source of the data model. Each provider
// needs its own schema file (the datasource provider line differs), so the
// two files under prisma/<provider>/ are written from it and never edited.
import fs from 'node:fs';
import path from 'node:path';

const header = (provider) => `// GENERATED from prisma/models.prisma by scripts/prisma-schemas.mjs. Do not edit.
generator client {
  provider = "prisma-client"
  output   = "../../lib/db/generated/${provider}"
  moduleFormat = "esm"
  importFileExtension = ""
}

datasource db {
  provider = "${provider}"
}
`;

export function providerSchemaText(root, provider) {
  const models = fs.readFileSync(path.join(root, 'prisma/models.prisma'), 'utf8');
  return `${header(provider)}\n${models}`;
}

export function syncProviderSchemas(root) {
  for (const provider of ['sqlite', 'postgresql']) {
    const file = path.join(root, 'prisma', provider, 'schema.prisma');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const text = providerSchemaText(root, provider);
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
  }
}
