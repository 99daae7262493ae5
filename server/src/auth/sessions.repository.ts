import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The user's sessions that are not revoked; each is loaded and decided on when it is ended. */
  async liveSessionIds(userId: string): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      'SELECT id FROM refresh_sessions WHERE user_id = $1 AND NOT revoked ORDER BY id',
      [userId],
    );
    return rows.map((row) => row.id);
  }
}
