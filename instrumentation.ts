// Runs once when the server starts: bring the database up to date and, on
// a fresh embedded database, seed the demo organisation.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServer } = await import('./lib/server/startup');
  await startServer();
}
