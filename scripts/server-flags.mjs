// Node flags of the app server, shared by `npm start` and the benchmarks so
// they measure the server as it is run.
//
// --max-old-space-size: V8 sizes the main heap from the machine's memory
// (about 4 GB here) and grows it lazily while requests and imports allocate,
// so a busy server's resident memory climbed past 700 MB although its live
// data stays near 100 MB. A 256 MB cap makes it collect sooner; the import's
// parse threads have limits of their own (IMPORT_PARSE_MEMORY_MB). Override
// with SERVER_MAX_OLD_SPACE_MB.
export function serverNodeFlags(env = process.env) {
  const mb = Number(env.SERVER_MAX_OLD_SPACE_MB ?? 256);
  return Number.isInteger(mb) && mb > 0 ? [`--max-old-space-size=${mb}`] : [];
}
