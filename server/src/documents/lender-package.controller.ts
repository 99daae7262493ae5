import { Controller, Get, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { Response } from 'express';
import { STAFF_ROLES } from '../../../machines/roles.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { LenderPackageQuery } from './documents.dto.js';
import { LenderPackageService } from './lender-package.service.js';

/** The lender package: one ZIP of a client's checked documents with an index, for staff who review them. */
@Controller(`${API.core}/customers`)
export class LenderPackageController {
  constructor(private readonly packages: LenderPackageService) {}

  @Roles(...STAFF_ROLES)
  @Get(':id/lender_package/')
  @ApiProduces('application/zip')
  @ApiOkResponse({
    description:
      'A ZIP of the checked files of the active form (`NN Caption - name.ext`, in field order), then ' +
      '`index.csv` and `index.pdf` (caption, file, status, upload date, size, SHA-256). Each download is ' +
      'recorded in the audit trail.',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiConflictResponse({ description: 'The client has no checked file (nothing is recorded).' })
  async download(
    @Param('id', ParseUUIDPipe) id: string,
    @Query() query: LenderPackageQuery,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
    @Res() response: Response,
  ): Promise<void> {
    const pkg = await this.packages.prepare(caller, id, query.include === 'in_review', meta);
    await this.packages.stream(pkg, response);
  }
}
