import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SessionState } from './session.decider.js';

export interface LiveSession {
  id: string;
  version: number;
  state: SessionState;
}

@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The user's sessions that are not revoked, with the state and version a revocation is decided on. */
  async liveSessions(userId: string): Promise<LiveSession[]> {
    const rows: { id: string; user_id: string; token_hash: string; version: number }[] =
      await this.dataSource.query(
        'SELECT id, user_id, token_hash, version FROM refresh_sessions WHERE user_id = $1 AND NOT revoked ORDER BY id',
        [userId],
      );
    return rows.map((row) => ({
      id: row.id,
      version: row.version,
      state: { userId: row.user_id, currentTokenHash: row.token_hash, revoked: false },
    }));
  }
}
