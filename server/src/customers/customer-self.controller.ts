import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { DataSource } from 'typeorm';
import type { AppraiserStatus } from '../../../machines/appraiser-assignment.machine.js';
import type { LawyerStatus } from '../../../machines/lawyer-assignment.machine.js';
import { roadmapDisplay, type StepDisplay } from '../../../machines/roadmap.machine.js';
import { STAFF_ROLES } from '../../../machines/roles.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { AppError } from '../platform/http/app-error.js';
import { IsOptionalNotNull } from '../platform/http/edit-fields.js';
import { HasNoMarkup, IsEmailAddress, IsPersonName } from '../platform/http/value-rules.js';
import { ok, type DataEnvelope } from '../platform/http/envelope.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { toOwnCustomerView, type OwnCustomerView } from './customer.view.js';
import { CustomersService } from './customers.service.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** What a customer may change of their own profile. */
export class UpdateOwnProfileDto {
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The first_name field is required' })
  @IsNotEmpty({ message: 'The first_name field is required' })
  @MaxLength(100, { message: 'The first_name field may not be longer than 100 characters' })
  @IsPersonName()
  first_name?: string;

  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The last_name field is required' })
  @IsNotEmpty({ message: 'The last_name field is required' })
  @MaxLength(100, { message: 'The last_name field may not be longer than 100 characters' })
  @IsPersonName()
  last_name?: string;

  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The email field is required' })
  @IsNotEmpty({ message: 'The email field is required' })
  @IsEmailAddress()
  email?: string;

  @IsOptionalNotNull()
  @IsString({ message: 'The phone_number field must be 10 digits after the +1 prefix' })
  @Matches(/^1\d{10}$/, { message: 'The phone_number field must be 10 digits after the +1 prefix' })
  phone_number?: string;

  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The address_line field must be text' })
  @MaxLength(300, { message: 'The address_line field may not be longer than 300 characters' })
  @HasNoMarkup()
  address_line?: string;

  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'The lender field must be text' })
  @MaxLength(200, { message: 'The lender field may not be longer than 200 characters' })
  @HasNoMarkup()
  lender?: string;
}

export class ContactsQuery {
  @IsOptional()
  @IsUUID('all', { message: 'The user_id field must be a user id' })
  user_id?: string;
}

interface Curator {
  id: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
}

/** The customer's own profile, steps and mortgage team; registered before `customers/:id/`. */
@Controller(API.core)
export class CustomerSelfController {
  constructor(
    private readonly customers: CustomersService,
    private readonly dataSource: DataSource,
  ) {}

  @Roles('customer')
  @Get('customers/me/')
  async me(@CurrentUser() caller: Caller): Promise<DataEnvelope<OwnCustomerView>> {
    return ok(toOwnCustomerView(await this.own(caller)));
  }

  @Roles('customer')
  @Patch('customers/me/')
  async updateMe(
    @Body() body: UpdateOwnProfileDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<OwnCustomerView>> {
    const own = await this.own(caller);
    await this.customers.update(caller, own.id, body, meta);
    return ok(toOwnCustomerView(await this.own(caller)));
  }

  @Roles('customer')
  @Get('customers/me/steps/')
  async steps(@CurrentUser() caller: Caller): Promise<DataEnvelope<StepDisplay[]>> {
    const own = await this.own(caller);
    return ok(
      roadmapDisplay({
        steps: own.steps,
        lawyer: { present: !!own.lawyer_id, status: own.lawyer_status as LawyerStatus },
        appraiser: { present: !!own.appraiser_id, status: own.appraiser_status as AppraiserStatus },
      }),
    );
  }

  @Roles('customer')
  @Get('customers/curators/')
  async curators(@CurrentUser() caller: Caller): Promise<
    DataEnvelope<{
      assistant: Curator | null;
      broker: Curator | null;
      lawyer: Curator | null;
      lawyer_status: string;
    }>
  > {
    const own = await this.own(caller);
    const person = async (id: string | null, table: 'users' | 'lawyers'): Promise<Curator | null> => {
      if (!id) return null;
      const rows: Curator[] = await this.dataSource.query(
        `SELECT id, first_name, last_name, phone_number, email FROM ${table} WHERE id = $1`,
        [id],
      );
      return rows[0] ?? null;
    };
    return ok({
      assistant: await person(own.assistant_id, 'users'),
      broker: await person(own.broker_id, 'users'),
      lawyer: await person(own.lawyer_id, 'lawyers'),
      lawyer_status: own.lawyer_status,
    });
  }

  /** DocuSign contacts: there is no e-signature integration yet, so the list is empty. */
  @Roles(...STAFF_ROLES)
  @Get('contacts/')
  contacts(@Query() _query: ContactsQuery): DataEnvelope<unknown[]> {
    return ok([]);
  }

  private async own(caller: Caller) {
    if (!caller.customerId) throw AppError.notFound('There is no client profile for this account.');
    return this.customers.visible(caller, caller.customerId);
  }
}
