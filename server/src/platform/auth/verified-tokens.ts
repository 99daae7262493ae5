/**
 * Tokens whose signature was checked, with their claims, until they expire. A signed-in page sends the same
 * access token with every request for its token's lifetime; checking its HMAC and parsing its header and
 * claims again each time was about a twentieth of the server's work on a page of clients. Only the exact
 * text that was verified is answered from here, so nothing unsigned or altered can pass, and an entry stops
 * answering at the second the token expires, as the verifier itself refuses it then.
 */
export class VerifiedTokens<Claims> {
  private readonly kept = new Map<string, { claims: Claims; expiresAtMs: number }>();

  constructor(
    private readonly capacity: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The claims of a token verified earlier and not expired yet. */
  get(token: string): Claims | undefined {
    const entry = this.kept.get(token);
    if (!entry) return undefined;
    if (this.now() >= entry.expiresAtMs) {
      this.kept.delete(token);
      return undefined;
    }
    return entry.claims;
  }

  /**
   * Keeps a token just verified, until `exp` (seconds since the epoch, as in the token). The verifier refuses
   * a token once the current second reaches `exp`, so it is kept until that second begins.
   */
  keep(token: string, claims: Claims, exp: number | undefined): void {
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return;
    // A full cache starts again rather than tracking use: a token is verified once more at most.
    if (this.kept.size >= this.capacity) this.kept.clear();
    this.kept.set(token, { claims, expiresAtMs: exp * 1000 });
  }
}
