// `npm start`: the one command that runs the product on a fresh machine.
// Installs and builds when needed, then serves; the server itself migrates
// the embedded SQLite database under data/ and seeds the demo organisation.
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root, run } from './ensure.mjs';
import { serverEnv, serverNodeFlags } from './server-flags.mjs';

ensureInstalled();
ensureBuilt();
const port = process.env.PORT ?? '3000';
run(process.execPath, [...serverNodeFlags(), path.join(root, 'node_modules/next/dist/bin/next'), 'start', '--port', port], { ...serverEnv(), PORT: port });
