import { forwardRef, Inject, Injectable } from '@nestjs/common';
import { CustomersService } from '../customers/customers.service.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { DomainError } from '../platform/domain/domain-error.js';
import { UsersRepository } from '../users/users.repository.js';
import type { EventLogEntry } from './event-log.dto.js';
import { EventLogRepository } from './event-log.repository.js';

/** The event log of a user: messages sent to them and their sign-ins. */
@Injectable()
export class EventLogService {
  constructor(
    private readonly log: EventLogRepository,
    private readonly users: UsersRepository,
    // Customers notify through this module, and a client's log is read by whoever may see the client.
    @Inject(forwardRef(() => CustomersService)) private readonly customers: CustomersService,
  ) {}

  async list(
    caller: Caller,
    relType: string,
    userId: string,
    page: { limit: number; offset: number },
  ): Promise<{ entries: EventLogEntry[]; count: number }> {
    // A client's log is read by the staff who may see that client; a staff member's only by themselves or a principal broker.
    const owner = await this.users.findById(userId);
    if (owner?.customer_id) await this.customers.ensureVisible(caller, owner.customer_id);
    else if (caller.role !== 'principal_broker' && caller.id !== userId) throw DomainError.forbidden();
    return this.log.list(relType, userId, page);
  }
}
