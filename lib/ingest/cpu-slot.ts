// Parsing and splitting are CPU work on the process's one JavaScript
// thread: running two at once is no faster, but holds two document trees
// in memory. Workers overlap their downloads and database writes, and take
// turns here for the CPU part.
let tail: Promise<void> = Promise.resolve();

export async function withCpuSlot<T>(work: () => Promise<T>): Promise<T> {
  const previous = tail;
  let release!: () => void;
  tail = new Promise<void>((resolve) => (release = resolve));
  await previous;
  try {
    return await work();
  } finally {
    release();
  }
}
