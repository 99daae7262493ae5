import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type CustomerStatus, ROADMAP_STEPS, type StepState } from '../../../machines/customer.enums.js';
import { canEmailLawyer } from '../../../machines/customer.rules.js';
import { AuthService } from '../auth/auth.service.js';
import { decideAgainOnConflict } from '../platform/event-store/decide-again-on-conflict.js';
import { PasswordService } from '../auth/password.service.js';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { DomainError } from '../platform/domain/domain-error.js';
import { ConcurrencyError } from '../platform/event-store/concurrency.error.js';
import { EventStore, type StreamCommand, streamCommand } from '../platform/event-store/event-store.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { deactivation, profileUpdate } from '../users/user-registration.js';
import { UsersRepository } from '../users/users.repository.js';
import { registerCustomer } from './customer-registration.js';
import { sees } from './customer-access.js';
import { customerDecider, type CustomerState, mustExist } from './customer.decider.js';
import type { CreateCustomerDto, UpdateCustomerDto } from './customer.dto.js';
import { CUSTOMER_STREAM, type CustomerChanges, type CustomerDetails } from './customer.events.js';
import {
  type CustomerFilters,
  type CustomerRecord,
  CustomersRepository,
  type CustomerRow,
} from './customers.repository.js';
import { newTypedId } from './typed-id.js';
import { phoneNumberTaken } from '../users/phone-number.decider.js';

const STREAM = (id: string) => ({ type: CUSTOMER_STREAM, id });
/** A value sent in an edit when it differs from the client's current one. */
const changed = (value: string | undefined, current: string): string | undefined =>
  value === undefined || value === current ? undefined : value;

/** Client commands: who may do what is checked here, what happens is decided by the customer decider. */
@Injectable()
export class CustomersService {
  constructor(
    private readonly events: EventStore,
    private readonly customers: CustomersRepository,
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly auth: AuthService,
  ) {}

  async visible(caller: Caller, id: string): Promise<CustomerRow> {
    const row = await this.customers.findVisible(caller, id);
    if (!row) throw DomainError.notFound('This client does not exist.');
    return row;
  }

  /** The client's own columns, for a command that decides on them; not found when the caller may not see it. */
  async visibleRecord(caller: Caller, id: string): Promise<CustomerRecord> {
    const record = await this.customers.findVisibleRecord(caller, id);
    if (!record) throw DomainError.notFound('This client does not exist.');
    return record;
  }

  /** Refuses, as not found, a client the caller may not see; for checks that need nothing of the client. */
  async ensureVisible(caller: Caller, id: string): Promise<void> {
    if (!(await this.customers.isVisible(caller, id)))
      throw DomainError.notFound('This client does not exist.');
  }

  /** The clients the caller may see that match the filters, one page of them, and how many match. */
  async list(caller: Caller, filters: CustomerFilters): Promise<{ rows: CustomerRow[]; count: number }> {
    // Only principal brokers and assistants filter by broker; a broker always sees just their own clients.
    const mayFilterByBroker = caller.role === 'principal_broker' || caller.role === 'assistant';
    return this.customers.list(caller, { ...filters, broker: mayFilterByBroker ? filters.broker : '' });
  }

  async create(caller: Caller, dto: CreateCustomerDto, meta: EventMetadata): Promise<string> {
    let brokerId = dto.broker ?? null;
    if (caller.role === 'broker') {
      // A broker creates clients for themselves; choosing another broker is for principal brokers and assistants.
      if (brokerId && brokerId !== caller.id)
        throw DomainError.forbidden('Only a principal broker or an assistant may choose the broker.');
      brokerId = caller.id;
    }
    if (!brokerId) throw DomainError.invalid('invalid', 'The broker field is required', 'broker');
    await this.checkStaff(brokerId, ['broker', 'principal_broker'], 'broker');
    if (dto.assistant) await this.checkStaff(dto.assistant, ['assistant'], 'assistant');
    if (await this.customers.phoneTaken(dto.phone_number, null)) {
      throw phoneNumberTaken();
    }

    const customerId = randomUUID();
    const userId = randomUUID();
    let typedId = newTypedId();
    while (await this.customers.typedIdTaken(typedId)) typedId = newTypedId();
    const details: CustomerDetails = {
      firstName: dto.first_name,
      lastName: dto.last_name,
      email: dto.email,
      phoneNumber: dto.phone_number,
      status: dto.status,
      dealType: dto.deal_type,
      customerType: dto.role ?? 'applicant',
      closingDate: dto.closing_date ?? null,
      filogixNumber: dto.filogix_number ?? null,
      lender: dto.lender ?? '',
      addressLine: dto.address_line ?? '',
      brokerId,
      assistantId: dto.assistant ?? null,
      secondApplicant: {
        firstName: dto.second_applicant_first_name ?? '',
        lastName: dto.second_applicant_last_name ?? '',
        email: dto.second_applicant_email ?? '',
        phoneNumber: dto.second_applicant_phone_number ?? '',
      },
    };
    const { delivery, passwordHash } = await this.passwords.issueOneTimePassword();
    const note = dto.initial_note?.trim();
    // Another client created with the same number at the same moment takes its reservation first: decided
    // again, this one is refused as any taken number is.
    await decideAgainOnConflict(() =>
      registerCustomer(
        this.events,
        {
          customerId,
          typedId,
          userId,
          details,
          passwordHash,
          passwordDelivery: delivery,
          firstNote: note ? { authorId: caller.id, text: note } : null,
        },
        meta,
      ),
    );
    return customerId;
  }

  /**
   * An edit that names the version it was made on is refused when the client changed since; one that does
   * not (a field or two sent alone) is decided again on the client as it now is, so a change made meanwhile
   * (a handover to another broker) neither fails it nor is undone by it.
   */
  async update(
    caller: Caller,
    id: string,
    dto: UpdateCustomerDto,
    meta: EventMetadata,
  ): Promise<CustomerRow> {
    const { status, version, ...rest } = dto;
    const once =
      status !== undefined && Object.values(rest).every((value) => value === undefined)
        ? () => this.changeStatusOnce(caller, id, status as CustomerStatus, version, meta)
        : () => this.updateOnce(caller, id, dto, meta);
    if (version !== undefined) return once();
    return decideAgainOnConflict(once);
  }

  /**
   * A change of status alone needs nothing of the client but what its stream holds, so it reads no client
   * row first: whether the caller may see the client is checked on the state it is decided on.
   */
  private async changeStatusOnce(
    caller: Caller,
    id: string,
    status: CustomerStatus,
    version: number | undefined,
    meta: EventMetadata,
  ): Promise<CustomerRow> {
    const seen = (state: CustomerState): void => {
      if (!sees(caller, { id, brokerId: mustExist(state).brokerId }))
        throw DomainError.notFound('This client does not exist.');
    };
    return this.appendEdit(
      caller,
      id,
      [streamCommand(customerDecider, STREAM(id), { type: 'ChangeStatus', status }, version, seen)],
      version,
      meta,
    );
  }

  private async updateOnce(
    caller: Caller,
    id: string,
    dto: UpdateCustomerDto,
    meta: EventMetadata,
  ): Promise<CustomerRow> {
    const row = await this.visibleRecord(caller, id);
    const { status, version, is_create_folder: createFolder, ...fields } = dto;
    const changes = this.changesFrom(fields, row);
    if ('brokerId' in changes && changes.brokerId !== row.broker_id) {
      if (caller.role !== 'principal_broker' && caller.role !== 'assistant') {
        throw DomainError.forbidden('Only a principal broker or an assistant may change the broker.');
      }
      if (!changes.brokerId) throw DomainError.invalid('invalid', 'The broker field is required', 'broker');
      await this.checkStaff(changes.brokerId, ['broker', 'principal_broker'], 'broker');
    }
    if (changes.assistantId) await this.checkStaff(changes.assistantId, ['assistant'], 'assistant');
    if (
      changes.phoneNumber &&
      changes.phoneNumber !== row.phone_number &&
      (await this.customers.phoneTaken(changes.phoneNumber, row.user_id))
    ) {
      throw phoneNumberTaken();
    }

    const folderChoice = createFolder === undefined ? null : createFolder ? 'create_folder' : 'rename_folder';
    const commands = [
      streamCommand(
        customerDecider,
        STREAM(id),
        { type: 'UpdateCustomer', changes, folderChoice, status: status as CustomerStatus | undefined },
        version,
      ),
    ];
    // The customer's own account follows their name, phone and e-mail, so sign-in keeps working.
    const profile = {
      firstName: changed(changes.firstName, row.first_name),
      lastName: changed(changes.lastName, row.last_name),
      phoneNumber: changed(changes.phoneNumber, row.phone_number),
      email: changed(changes.email, row.email),
    };
    if (row.user_id && Object.values(profile).some((v) => v !== undefined))
      commands.push(...profileUpdate(row.user_id, row.phone_number, profile));
    return this.appendEdit(caller, id, commands, version, meta);
  }

  /**
   * Appends an edit and answers the client's view as it leaves them, read in the commit's own round trip;
   * one made on a version the client has moved past is refused as a conflict.
   */
  private async appendEdit(
    caller: Caller,
    id: string,
    commands: StreamCommand[],
    version: number | undefined,
    meta: EventMetadata,
  ): Promise<CustomerRow> {
    try {
      const { rows } = await this.events.handleAllAndRead<CustomerRow>(
        commands,
        meta,
        this.customers.viewRead(caller, id),
      );
      return rows?.[0] ?? (await this.visible(caller, id));
    } catch (error) {
      if (error instanceof ConcurrencyError && version !== undefined)
        throw DomainError.conflict(
          'version_conflict',
          'This client was changed by someone else. Reload to see the changes, then try again.',
        );
      throw error;
    }
  }

  async remove(caller: Caller, id: string, meta: EventMetadata): Promise<CustomerRow> {
    const row = await this.visible(caller, id);
    const userId = row.user_id;
    // A sign-in racing the delete makes it read the client's sessions again, so none is left running.
    await decideAgainOnConflict(async () => {
      const commands = [streamCommand(customerDecider, STREAM(id), { type: 'DeleteCustomer' })];
      if (userId) {
        const { userVersion, revocations } = await this.auth.sessionsToEnd(userId, 'user_deactivated');
        commands.push(
          ...deactivation(userId, row.phone_number, 'client deleted', userVersion),
          ...revocations,
        );
      }
      return this.events.handleAll(commands, meta);
    });
    return row;
  }

  async notify(caller: Caller, id: string, notifyType: string, meta: EventMetadata): Promise<void> {
    const row = await this.visibleRecord(caller, id);
    switch (notifyType) {
      case 'request_review':
        await this.events.handle(
          customerDecider,
          STREAM(id),
          { type: 'RequestReview', at: new Date().toISOString() },
          meta,
        );
        return;
      case 'resend_password': {
        const user = row.user_id ? await this.users.findById(row.user_id) : null;
        if (!user || !user.is_active)
          throw DomainError.invalid('no_account', 'This client has no active account to send a password to.');
        await this.auth.resetPassword(user, 'resend_password', meta);
        return;
      }
      case 'lawyer_approved_email':
        if (!row.lawyer_id || !canEmailLawyer(row)) {
          throw DomainError.invalid('no_lawyer', 'This client has no assigned lawyer to e-mail yet.');
        }
        await this.events.handle(
          customerDecider,
          STREAM(id),
          { type: 'RequestNotification', notifyType: 'lawyer_approved_email' },
          meta,
        );
        return;
      case 'form_sent':
        await this.events.handle(
          customerDecider,
          STREAM(id),
          { type: 'RequestNotification', notifyType: 'form_sent' },
          meta,
        );
        return;
    }
  }

  async setSteps(caller: Caller, id: string, steps: StepState[], meta: EventMetadata): Promise<void> {
    await this.ensureVisible(caller, id);
    const byStep = new Map(steps.map((s) => [s.step, s]));
    if (byStep.size !== ROADMAP_STEPS.length || steps.length !== ROADMAP_STEPS.length) {
      throw DomainError.invalid(
        'invalid',
        `Send each of the five steps once: ${ROADMAP_STEPS.join(', ')}.`,
        'steps',
      );
    }
    const ordered = ROADMAP_STEPS.map((step) => {
      const s = byStep.get(step)!;
      return { step, is_active: s.is_active, is_completed: s.is_completed };
    });
    await this.events.handle(customerDecider, STREAM(id), { type: 'SetSteps', steps: ordered }, meta);
  }

  private changesFrom(
    fields: Omit<UpdateCustomerDto, 'status' | 'version' | 'is_create_folder'>,
    row: CustomerRecord,
  ): CustomerChanges {
    const changes: CustomerChanges = {
      firstName: fields.first_name,
      lastName: fields.last_name,
      email: fields.email,
      phoneNumber: fields.phone_number,
      dealType: fields.deal_type,
      customerType: fields.role,
      closingDate: fields.closing_date,
      filogixNumber: fields.filogix_number,
      lender: fields.lender,
      addressLine: fields.address_line,
      brokerId: fields.broker,
      assistantId: fields.assistant,
    };
    const second = [
      fields.second_applicant_first_name,
      fields.second_applicant_last_name,
      fields.second_applicant_email,
      fields.second_applicant_phone_number,
    ];
    if (second.some((v) => v !== undefined)) {
      changes.secondApplicant = {
        firstName: fields.second_applicant_first_name ?? row.second_applicant_first_name,
        lastName: fields.second_applicant_last_name ?? row.second_applicant_last_name,
        email: fields.second_applicant_email ?? row.second_applicant_email,
        phoneNumber: fields.second_applicant_phone_number ?? row.second_applicant_phone_number,
      };
    }
    return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as CustomerChanges;
  }

  private async checkStaff(id: string, roles: string[], field: string): Promise<void> {
    const user = await this.customers.staffUser(id);
    if (!user || !roles.includes(user.role))
      throw DomainError.invalid(
        'invalid',
        `The ${field} field must name an active ${roles.join(' or ')}.`,
        field,
      );
  }
}
