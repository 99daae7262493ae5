import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiProperty } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Public } from './platform/auth/auth.decorators.js';
import { AppError } from './platform/http/app-error.js';
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

/** How long an answer of the database stands for: probes every second are enough, one per request is load. */
const PROBE_EVERY_MS = 1000;

@Controller()
export class HealthController {
  private probe: { at: number; answer: Promise<void> } | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly processors: EventProcessorRunner,
  ) {}

  /** Up when the database answered within the last second; with each processor's lag as last measured. */
  @Public()
  @Get('health')
  @ApiOkResponse({ type: HealthDoc, description: 'The database answers; not wrapped in `data`.' })
  async health(): Promise<{ status: 'ok'; processors: readonly ProcessorLag[] }> {
    await this.databaseAnswers().catch(() => {
      throw new AppError(503, 'database_unavailable', 'The database does not answer.');
    });
    return { status: 'ok', processors: this.processors.lag() };
  }

  /** Callers within a second share one probe; a failed probe is tried again by the next caller. */
  private databaseAnswers(): Promise<void> {
    const now = Date.now();
    if (!this.probe || now - this.probe.at >= PROBE_EVERY_MS) {
      const answer = this.dataSource.query('SELECT 1').then(() => undefined);
      const probe = { at: now, answer };
      answer.catch(() => {
        if (this.probe === probe) this.probe = null;
      });
      this.probe = probe;
    }
    return this.probe.answer;
  }
}
