// `npm start`: the one command that runs the product on a fresh machine.
// Installs and builds when needed, then serves; the server itself migrates
// the embedded SQLite database under data/ and seeds the demo organisation.
// The server runs under a supervisor that starts it again if it dies
// (scripts/supervise.mjs).
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './ensure.mjs';
import { serverEnv, serverNodeFlags } from './server-flags.mjs';
import { supervise } from './supervise.mjs';

ensureInstalled();
ensureBuilt();
const port = process.env.PORT ?? '3000';
const server = supervise(process.execPath, [...serverNodeFlags(), path.join(root, 'node_modules/next/dist/bin/next'), 'start', '--port', port], {
  cwd: root,
  // NEXT_MANUAL_SIG_HANDLE: the server stops gracefully itself (lib/server/shutdown.ts).
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NEXT_MANUAL_SIG_HANDLE: '1', ...serverEnv(), PORT: port },
});
process.on('SIGTERM', () => server.stop('SIGTERM'));
process.on('SIGINT', () => server.stop('SIGINT'));
process.exit(await server.done);
