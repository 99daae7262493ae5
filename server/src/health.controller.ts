import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiProperty } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Public } from './platform/auth/auth.decorators.js';
import { EventProcessorRunner, type ProcessorLag } from './platform/event-store/event-processor.js';

class ProcessorLagDoc implements ProcessorLag {
  @ApiProperty({ example: 'notifications' })
  name: string;

  @ApiProperty({ description: 'The last position of the event log the processor handled.' })
  position: number;

  @ApiProperty({ description: 'The last position of the event log.' })
  head: number;

  @ApiProperty({ description: 'Events not handled yet.' })
  behind: number;

  @ApiProperty({ description: 'How long the oldest unhandled event has waited.' })
  oldestUnhandledSeconds: number;
}

class HealthDoc {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';

  @ApiProperty({ type: [ProcessorLagDoc] })
  processors: ProcessorLagDoc[];
}

@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly processors: EventProcessorRunner,
  ) {}

  /** Up when the database answers; with each processor's lag as last measured (no extra queries). */
  @Public()
  @Get('health')
  @ApiOkResponse({ type: HealthDoc, description: 'The database answers; not wrapped in `data`.' })
  async health(): Promise<{ status: 'ok'; processors: readonly ProcessorLag[] }> {
    await this.dataSource.query('SELECT 1');
    return { status: 'ok', processors: this.processors.lag() };
  }
}
