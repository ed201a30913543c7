// Why an import item failed. `transient` failures (network errors, 5xx,
// 429) are retried with back-off; every other failure is final at once.
export class ImportError extends Error {
  constructor(
    message: string,
    readonly transient = false,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

export const refuse = (message: string) => new ImportError(message, false);
export const transientFailure = (message: string) => new ImportError(message, true);

/** The reason stored on the item: our own message, or a generic one for surprises. */
export function reasonOf(error: unknown): string {
  if (error instanceof ImportError) return error.message;
  if (error instanceof Error) return `Unexpected error: ${error.message.slice(0, 300)}`;
  return 'Unexpected error';
}
