import { Controller, Get } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Public } from './platform/auth/auth.decorators.js';

@Controller()
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Public()
  @Get('health')
  async health(): Promise<{ status: 'ok' }> {
    await this.dataSource.query('SELECT 1');
    return { status: 'ok' };
  }
}
