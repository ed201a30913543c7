// Starts a worker thread from a TypeScript file: Node 20 cannot load .ts in
// a thread, so the file named in workerData.entry is compiled by tsx. The
// built app needs none of this (Next bundles the worker entry).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.tsEntry, import.meta.url);
