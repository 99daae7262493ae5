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

  /** What the caller is told: the versions are for the log, not for a person. */
  get description(): string {
    return `This ${this.streamType.replace(/_/g, ' ')} was changed by someone else. Reload and try again.`;
  }
}
