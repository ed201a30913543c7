// `npm start` keeps the server running: a server that dies is started again
// after a back-off, and a stop request is passed on and ends supervision.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { supervise } from '../../scripts/supervise.mjs';

it('restarts a server that dies, then stops it on request', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ks-supervise-'));
  const counter = path.join(dir, 'starts');
  // Dies twice (as an out-of-memory abort would), then keeps running until signalled.
  const script = `const fs=require('fs');const f=${JSON.stringify(counter)};const n=(fs.existsSync(f)?Number(fs.readFileSync(f,'utf8')):0)+1;fs.writeFileSync(f,String(n));if(n<3)process.abort();setInterval(()=>{},1000);`;
  const server = supervise(process.execPath, ['-e', script], { stdio: 'ignore' }, { min: 20, max: 80 });
  const started = Date.now();
  while ((fs.existsSync(counter) ? Number(fs.readFileSync(counter, 'utf8')) : 0) < 3) {
    if (Date.now() - started > 10_000) throw new Error('not restarted');
    await new Promise((r) => setTimeout(r, 20));
  }
  server.stop('SIGTERM');
  await server.done;
  expect(Number(fs.readFileSync(counter, 'utf8'))).toBe(3);
});
