import { Injectable } from '@nestjs/common';
import type { AppraiserStatus } from '../../../machines/appraiser-assignment.machine.js';
import type { LawyerStatus } from '../../../machines/lawyer-assignment.machine.js';
import { roadmapDisplay, type StepDisplay } from '../../../machines/roadmap.machine.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { DomainError } from '../platform/domain/domain-error.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { toOwnCustomerView, type OwnCustomerView } from './customer.view.js';
import type { UpdateOwnProfileDto } from './customer-self.dto.js';
import { CustomersRepository, type Curator, type CustomerRow } from './customers.repository.js';
import { CustomersService } from './customers.service.js';

export interface MortgageTeam {
  assistant: Curator | null;
  broker: Curator | null;
  lawyer: Curator | null;
  lawyer_status: string;
}

/** What a customer reads and changes of their own file: profile, roadmap steps and mortgage team. */
@Injectable()
export class CustomerSelfService {
  constructor(
    private readonly customers: CustomersService,
    private readonly repository: CustomersRepository,
  ) {}

  async profile(caller: Caller): Promise<OwnCustomerView> {
    return toOwnCustomerView(await this.own(caller));
  }

  /** A customer edits their profile under the same rules as staff editing it. */
  async updateProfile(
    caller: Caller,
    changes: UpdateOwnProfileDto,
    meta: EventMetadata,
  ): Promise<OwnCustomerView> {
    const own = await this.own(caller);
    await this.customers.update(caller, own.id, changes, meta);
    return this.profile(caller);
  }

  async steps(caller: Caller): Promise<StepDisplay[]> {
    const own = await this.own(caller);
    return roadmapDisplay({
      steps: toOwnCustomerView(own).steps,
      lawyer: { present: !!own.lawyer_id, status: own.lawyer_status as LawyerStatus },
      appraiser: { present: !!own.appraiser_id, status: own.appraiser_status as AppraiserStatus },
    });
  }

  async team(caller: Caller): Promise<MortgageTeam> {
    const own = await this.own(caller);
    const person = async (id: string | null, table: 'users' | 'lawyers') =>
      id ? this.repository.curator(id, table) : null;
    return {
      assistant: await person(own.assistant_id, 'users'),
      broker: await person(own.broker_id, 'users'),
      lawyer: await person(own.lawyer_id, 'lawyers'),
      lawyer_status: own.lawyer_status,
    };
  }

  private async own(caller: Caller): Promise<CustomerRow> {
    if (!caller.customerId) throw DomainError.notFound('There is no client profile for this account.');
    return this.customers.visible(caller, caller.customerId);
  }
}
