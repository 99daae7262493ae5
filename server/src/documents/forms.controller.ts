import { Body, Controller, Get, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ParseArrayPipe } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import type { HttpRequest } from '../platform/http/http-types.js';
import { MAX_FILES_PER_REQUEST } from '../../../machines/upload-queue.js';
import { ROLES, STAFF_ROLES } from '../../../machines/roles.js';
import { Public, type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { AppError } from '../platform/http/app-error.js';
import { ok, page, type DataEnvelope } from '../platform/http/envelope.js';
import { ApiCreatedData, ApiOkData, ApiOkPage } from '../platform/http/envelope.docs.js';
import { ApiMultipartBody, FILE_PART } from '../platform/http/multipart.docs.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { validationErrors } from '../platform/http/validation.pipe.js';
import { FileLinks } from '../platform/storage/file-links.js';
import { CustomersRepository } from '../customers/customers.repository.js';
import {
  CreatedFormDoc,
  CreateFormDto,
  FileStatusDto,
  FileViewDoc,
  FormTemplateDoc,
  FormViewDoc,
  LandingFormDoc,
  ListFormsQuery,
  SaveFieldsDto,
} from './documents.dto.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { toFileView, toFormView } from './documents.views.js';

/** Document-request forms: templates, create, edit, reset, the upload, statuses and the history of files. */
@Controller(API.core)
export class FormsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly repository: DocumentsRepository,
    private readonly customers: CustomersRepository,
    private readonly links: FileLinks,
  ) {}

  @Roles(...STAFF_ROLES)
  @Get('forms/templates/')
  @ApiOkData(FormTemplateDoc, { isArray: true, description: 'The form templates, by name.' })
  async templates(): Promise<DataEnvelope<unknown[]>> {
    return ok(await this.repository.templates());
  }

  @Roles(...ROLES)
  @Get('forms/')
  @ApiOkPage(FormViewDoc, { description: 'The forms the caller may see; a customer gets their own.' })
  async list(@Query() query: ListFormsQuery, @CurrentUser() caller: Caller) {
    // A customer always gets their own forms; staff may narrow the list to one client they may see.
    const customerId = caller.role === 'customer' ? null : (query.customer_id ?? null);
    const forms = await this.repository.formsVisibleTo(caller, customerId);
    // The forms are read within what the caller may see, so a form found shows the client is theirs; only an
    // empty list needs asking whether the client is there at all.
    if (customerId && forms.length === 0 && !(await this.customers.isVisible(caller, customerId))) {
      throw AppError.notFound('This client does not exist.');
    }
    return page(
      forms.map((f) => toFormView(f, f.comments_unread)),
      forms.length,
      0,
      forms.length,
    );
  }

  @Roles(...STAFF_ROLES)
  @Post('forms/')
  @ApiCreatedData(CreatedFormDoc, { description: 'The new form.' })
  async create(
    @Body() body: CreateFormDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    const code = await this.documents.createForm(caller, body.customer_id, body.fields, meta);
    return ok({ code, customer: { id: body.customer_id } });
  }

  @Roles(...ROLES)
  @Get('forms/:code/')
  @ApiOkData(FormViewDoc)
  async get(@Param('code') code: string, @CurrentUser() caller: Caller) {
    return ok(toFormView(await this.documents.formFor(caller, code)));
  }

  /** The public landing of an upload link: only what the link itself already promises (the captions). */
  @Public()
  @Get('landing_forms/:code/')
  @ApiOkData(LandingFormDoc)
  async landing(@Param('code') code: string) {
    const form = await this.repository.form(code);
    if (!form || form.is_archived) throw AppError.notFound('This upload link is no longer valid.');
    return ok({
      code: form.code,
      fields: form.fields
        .filter((f) => !f.disabled)
        .map((f) => ({ name: f.name, caption: f.caption, tutorial: f.tutorial })),
    });
  }

  @Roles(...STAFF_ROLES)
  @Patch('forms/:code/')
  @ApiOkData(FormViewDoc, { description: 'The form as saved.' })
  async save(
    @Param('code') code: string,
    @Body() body: SaveFieldsDto,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.documents.saveFields(caller, code, body.fields, meta);
    return ok(toFormView(await this.documents.formFor(caller, code)));
  }

  @Roles(...STAFF_ROLES)
  @Patch('forms/:code/archive/')
  @ApiOkData(FormViewDoc, { description: "The client's new empty form that replaces the archived one." })
  async archive(
    @Param('code') code: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    const next = await this.documents.archive(caller, code, meta);
    return ok(toFormView(await this.documents.formFor(caller, next)));
  }

  @Roles(...ROLES)
  @Get('forms/:code/history/')
  @ApiOkPage(FileViewDoc, { description: 'Every file uploaded to the form.' })
  async history(@Param('code') code: string, @CurrentUser() caller: Caller) {
    const files = await this.repository.visibleFiles(caller, code);
    // Files found show the form is the caller's to see; only an empty history asks whether the form is there.
    if (files.length === 0) await this.documents.formFor(caller, code);
    return page(
      files.map((f) => toFileView(f, this.links)),
      files.length,
      0,
      files.length,
    );
  }

  @Roles(...ROLES)
  @Post('forms/:code/files/')
  @ApiMultipartBody(
    {
      additionalProperties: { ...FILE_PART, description: 'A file, in the part named by its form field.' },
      maxProperties: MAX_FILES_PER_REQUEST,
    },
    "Each file in a part named by its form field's name.",
  )
  @ApiCreatedData(FileViewDoc, { isArray: true, description: 'The files as stored.' })
  async upload(
    @Param('code') code: string,
    @Req() request: HttpRequest,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    const ids = await this.documents.upload(caller, code, request.raw, meta);
    const files = await this.repository.files(code, caller.id, ids);
    return ok(files.map((f) => toFileView(f, this.links)));
  }

  @Roles(...STAFF_ROLES)
  @Patch('forms/:code/files/batch/')
  @ApiBody({ type: FileStatusDto, isArray: true, description: 'The new status of each file.' })
  @ApiOkPage(FileViewDoc, { description: 'Every file of the form.' })
  async batch(
    @Param('code') code: string,
    @Body(
      new ParseArrayPipe({
        items: FileStatusDto,
        whitelist: true,
        forbidNonWhitelisted: true,
        exceptionFactory: validationErrors,
      }),
    )
    body: FileStatusDto[],
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    const files = await this.documents.setStatuses(caller, code, body, meta);
    return page(
      files.map((f) => toFileView(f, this.links)),
      files.length,
      0,
      files.length,
    );
  }
}
