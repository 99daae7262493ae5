import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  activeFamilies(userId: string): Promise<{ id: string; version: number }[]> {
    return this.dataSource.query(
      'SELECT id, version FROM refresh_sessions WHERE user_id = $1 AND NOT revoked ORDER BY id',
      [userId],
    );
  }
}
