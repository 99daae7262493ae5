import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseArrayPipe,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { STAFF_ROLES } from '../../../machines/roles.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ok, page, type DataEnvelope, type PageEnvelope } from '../platform/http/envelope.js';
import { ApiCreatedData, ApiOkData, ApiOkEmpty, ApiOkPage } from '../platform/http/envelope.docs.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { validationErrors } from '../platform/http/validation.pipe.js';
import {
  CreateCustomerDto,
  ListCustomersQuery,
  NotifyDto,
  StepDto,
  UpdateCustomerDto,
} from './customer.dto.js';
import { toCustomerView, type CustomerView } from './customer.view.js';
import { CustomerInDataDoc, CustomerViewDoc } from './customer-view.dto.js';
import { CustomersService } from './customers.service.js';
import { ParseIdPipe } from '../platform/http/id.pipe.js';

/** The staff clients workspace: list, read, create, edit, status, delete, notify and steps. */
@Controller(`${API.core}/customers`)
@Roles(...STAFF_ROLES)
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @Get('/')
  @ApiOkPage(CustomerViewDoc, { description: 'The clients the caller may see that match the filters.' })
  async list(
    @Query() query: ListCustomersQuery,
    @CurrentUser() caller: Caller,
  ): Promise<PageEnvelope<CustomerView>> {
    const { rows, count } = await this.customers.list(caller, {
      search: query.search,
      status: query.status,
      dealType: query.deal_type,
      broker: query.broker,
      offset: query.offset,
      limit: query.limit,
    });
    return page(rows.map(toCustomerView), count, query.offset, query.limit);
  }

  @Get(':id/')
  @ApiOkData(CustomerViewDoc)
  async get(
    @Param('id', ParseIdPipe) id: string,
    @CurrentUser() caller: Caller,
  ): Promise<DataEnvelope<CustomerView>> {
    return ok(toCustomerView(await this.customers.visible(caller, id)));
  }

  @Post('/')
  @ApiCreatedData(CustomerViewDoc, { description: 'The new client.' })
  async create(
    @Body() body: CreateCustomerDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<CustomerView>> {
    const id = await this.customers.create(caller, body, meta);
    return ok(toCustomerView(await this.customers.visible(caller, id)));
  }

  @Patch(':id/')
  @ApiOkData(CustomerViewDoc, { description: 'The client as changed.' })
  async update(
    @Param('id', ParseIdPipe) id: string,
    @Body() body: UpdateCustomerDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<CustomerView>> {
    return ok(toCustomerView(await this.customers.update(caller, id, body, meta)));
  }

  @Delete(':id/')
  @ApiOkEmpty({ description: 'The client is deleted and their account closed.' })
  async remove(
    @Param('id', ParseIdPipe) id: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<object>> {
    await this.customers.remove(caller, id, meta);
    return ok({});
  }

  @Post(':id/notify/')
  @HttpCode(200)
  @ApiOkData(CustomerViewDoc)
  async notify(
    @Param('id', ParseIdPipe) id: string,
    @Body() body: NotifyDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<CustomerView>> {
    await this.customers.notify(caller, id, body.notify_type, meta);
    return ok(toCustomerView(await this.customers.visible(caller, id)));
  }

  @Patch(':id/steps/')
  @ApiBody({ type: StepDto, isArray: true, description: 'Each of the five roadmap steps once.' })
  @ApiOkData(CustomerInDataDoc, { description: 'The client, wrapped in `data` once more.' })
  async steps(
    @Param('id', ParseIdPipe) id: string,
    @Body(
      new ParseArrayPipe({
        items: StepDto,
        whitelist: true,
        forbidNonWhitelisted: true,
        exceptionFactory: validationErrors,
      }),
    )
    body: StepDto[],
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ): Promise<DataEnvelope<{ data: CustomerView }>> {
    await this.customers.setSteps(caller, id, body, meta);
    return ok({ data: toCustomerView(await this.customers.visible(caller, id)) });
  }
}
