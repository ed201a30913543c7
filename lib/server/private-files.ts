// The data folder holds the database, uploads and secrets: it is created
// readable by the server's user only (0700, files 0600), whatever the umask.
// An existing folder keeps its permissions: it may be shared on purpose.
import fs from 'node:fs';
import path from 'node:path';

export function ensurePrivateDir(dir: string): void {
  const absolute = path.resolve(dir);
  if (fs.existsSync(absolute)) return;
  fs.mkdirSync(absolute, { recursive: true, mode: 0o700 });
  fs.chmodSync(absolute, 0o700); // mkdir's mode is filtered by the umask
}

/** Creates an empty file readable by the owner only, unless it exists. */
export function ensurePrivateFile(file: string): void {
  ensurePrivateDir(path.dirname(file));
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
    fs.chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
