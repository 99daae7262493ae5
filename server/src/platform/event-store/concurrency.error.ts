export class ConcurrencyError extends Error {
  constructor(
    readonly streamType: string,
    readonly streamId: string,
    readonly expected: string,
    readonly actual: number,
  ) {
    super(
      `This ${streamType} was changed by someone else (expected version ${expected}, found ${actual}). Reload and try again.`,
    );
  }
}
