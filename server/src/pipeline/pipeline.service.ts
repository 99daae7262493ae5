import { Injectable } from '@nestjs/common';
import { CUSTOMER_STATUSES, type CustomerStatus } from '../../../machines/customer.enums.js';
import { type DaysSpread, lastWeeks, type PipelineFigures, roundDays } from '../../../machines/pipeline.js';
import { BrokerageSettingsService } from '../brokerage/brokerage-settings.service.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { DomainError } from '../platform/domain/domain-error.js';
import { PipelineRepository, type SpreadRow } from './pipeline.repository.js';

const DAY_MS = 86_400_000;

function spread(row: SpreadRow | undefined): DaysSpread {
  return {
    count: row?.count ?? 0,
    median_days: roundDays(row?.median ?? null),
    p90_days: roundDays(row?.p90 ?? null),
  };
}

/**
 * The Pipeline page's figures. Principal brokers and assistants see the whole brokerage or one broker's
 * clients; a broker always sees their own clients, whichever broker they ask for.
 */
@Injectable()
export class PipelineService {
  constructor(
    private readonly repository: PipelineRepository,
    private readonly brokerage: BrokerageSettingsService,
  ) {}

  /** Whose clients the caller's figures count: a broker id, or null for the whole brokerage. */
  async scopeOf(caller: Caller, broker: string | undefined): Promise<string | null> {
    if (caller.role === 'broker') return caller.id;
    if (!broker) return null;
    if (!(await this.repository.isBroker(broker)))
      throw DomainError.invalid('invalid', 'The broker field must be the id of a broker', 'broker');
    return broker;
  }

  async figures(caller: Caller, broker: string | undefined, now = new Date()): Promise<PipelineFigures> {
    const scope = await this.scopeOf(caller, broker);
    const { timeZone } = await this.brokerage.current();
    const weeks = lastWeeks(now, timeZone);
    const [current, entered, days, funded, waiting, brokers] = await Promise.all([
      this.repository.current(scope),
      this.repository.entered(scope, weeks[0], timeZone),
      this.repository.daysInStatus(scope),
      this.repository.toFunded(scope),
      this.repository.waiting(scope),
      this.repository.brokers(scope),
    ]);
    const oldest = waiting.oldest ? new Date(waiting.oldest) : null;
    return {
      broker_id: scope,
      time_zone: timeZone,
      generated_at: now.toISOString(),
      weeks,
      statuses: CUSTOMER_STATUSES.map((status: CustomerStatus) => ({
        status,
        now: current.find((row) => row.status === status)?.n ?? 0,
        entered: weeks.map(
          (week) => entered.find((row) => row.status === status && row.week === week)?.n ?? 0,
        ),
        days_in_status: spread(days.find((row) => row.status === status)),
      })),
      to_funded: spread(funded),
      documents_waiting: {
        files: waiting.files,
        oldest_since: oldest?.toISOString() ?? null,
        oldest_days: oldest ? roundDays(Math.max(0, now.getTime() - oldest.getTime()) / DAY_MS) : null,
      },
      brokers: brokers.map((row) => ({
        broker_id: row.broker_id,
        broker_name: row.broker_id
          ? `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || 'Unknown broker'
          : 'No broker',
        outstanding_fields: row.outstanding_fields,
        outstanding_clients: row.outstanding_clients,
        waiting_files: row.waiting_files,
      })),
    };
  }
}
