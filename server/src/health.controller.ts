import { Controller, Get } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Public } from './platform/auth/auth.decorators.js';
import { EventProcessorRunner, type ProcessorLag } from './platform/event-store/event-processor.js';

@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly processors: EventProcessorRunner,
  ) {}

  /** Up when the database answers; with each processor's lag as last measured (no extra queries). */
  @Public()
  @Get('health')
  async health(): Promise<{ status: 'ok'; processors: readonly ProcessorLag[] }> {
    await this.dataSource.query('SELECT 1');
    return { status: 'ok', processors: this.processors.lag() };
  }
}
