// Node flags of the app server, shared by `npm start` and the benchmarks so
// they measure the server as it is run.
//
// --max-old-space-size: V8 sizes the main heap from the machine's memory
// (about 4 GB here) and grows it lazily while requests and imports allocate,
// so a busy server's resident memory climbed past 700 MB although its live
// data stays near 100 MB. A 256 MB cap makes it collect sooner; the import's
// parse threads have limits of their own (IMPORT_PARSE_MEMORY_MB). Override
// with SERVER_MAX_OLD_SPACE_MB.
//
// --max-semi-space-size: the young generation's semi-spaces (16 MB each by
// default here) are refilled by every request; at 4 MB a 10,000-thread .xlsx
// download peaked at 298 MB instead of 351 MB with no loss of speed
// (bench/reports/results.md). Override with SERVER_MAX_SEMI_SPACE_MB.
export function serverNodeFlags(env = process.env) {
  const flags = [];
  const oldSpace = Number(env.SERVER_MAX_OLD_SPACE_MB ?? 256);
  if (Number.isInteger(oldSpace) && oldSpace > 0) flags.push(`--max-old-space-size=${oldSpace}`);
  const semiSpace = Number(env.SERVER_MAX_SEMI_SPACE_MB ?? 4);
  if (Number.isInteger(semiSpace) && semiSpace > 0) flags.push(`--max-semi-space-size=${semiSpace}`);
  return flags;
}

// MALLOC_ARENA_MAX: glibc gives each thread that allocates (libuv's pool,
// V8's helpers, the import's parse threads) an arena of its own, up to eight
// per core, and freed memory stays spread over them. Two arenas brought the
// peak of a 10,000-thread .xlsx download after 600 report calls from
// 304–312 MB to 258–264 MB at the same speed (bench/reports/results.md).
// A value already in the environment wins.
export function serverEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}
