// Shared by `npm start` and `npm test`: install dependencies and build the
// app only when something changed since the last time, so both commands
// work on a fresh clone and stay fast afterwards.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function hashOf(paths) {
  const hash = crypto.createHash('sha256');
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) {
        if (name === 'generated' || name === 'node_modules' || name.startsWith('.')) continue;
        walk(path.join(p, name));
      }
    } else {
      hash.update(p).update(fs.readFileSync(p));
    }
  };
  for (const p of paths) walk(path.join(root, p));
  return hash.digest('hex');
}

function stampFresh(file, value) {
  return fs.existsSync(file) && fs.readFileSync(file, 'utf8') === value;
}

/** npm install when node_modules is missing or the lock file changed. */
export function ensureInstalled() {
  const stamp = path.join(root, 'node_modules', '.ks-install-stamp');
  const value = hashOf(['package.json', 'package-lock.json']);
  if (stampFresh(stamp, value) && fs.existsSync(path.join(root, 'lib/db/generated/sqlite/client.ts'))) return;
  console.log('Installing dependencies (first run: about 2 minutes)…');
  // `npm ci` cannot be used here: the lock file lacks other platforms' optional
  // packages the registry does not serve; `npm install` keeps it unchanged.
  run('npm', ['install', '--no-audit', '--no-fund']);
  fs.writeFileSync(stamp, value);
}

/** next build when the sources changed since the last build. */
export function ensureBuilt() {
  const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
  const stamp = path.join(distDir, 'ks-build-stamp');
  const value = hashOf([
    'app',
    'components',
    'lib',
    'public',
    'instrumentation.ts',
    'next.config.mjs',
    'postcss.config.mjs',
    'tsconfig.json',
    'package-lock.json',
    'prisma/models.prisma',
  ]);
  if (stampFresh(stamp, value) && fs.existsSync(path.join(distDir, 'BUILD_ID'))) return;
  console.log('Building the app…');
  run(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build']);
  fs.writeFileSync(stamp, value);
}
