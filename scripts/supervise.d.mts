import type { SpawnOptions } from 'node:child_process';

export function supervise(
  command: string,
  args: string[],
  options: SpawnOptions,
  delays?: { min: number; max: number },
): { done: Promise<number>; stop: (signal: NodeJS.Signals) => void };
