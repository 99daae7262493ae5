import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import { STAFF_ROLES } from '../../../machines/roles.js';
import { admitCaller } from '../platform/auth/auth.guard.js';
import { type Caller, CurrentUser, Public, Roles } from '../platform/auth/auth.decorators.js';
import { CallerResolver } from '../platform/auth/caller.resolver.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ok, type DataEnvelope } from '../platform/http/envelope.js';
import type { HttpResponse } from '../platform/http/http-types.js';
import { ApiOkData } from '../platform/http/envelope.docs.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { LenderPackageLinkDoc, LenderPackageQuery } from './documents.dto.js';
import { LenderPackageLinks } from './lender-package-links.js';
import { LenderPackageService } from './lender-package.service.js';
import { ParseIdPipe } from '../platform/http/id.pipe.js';
import { AnswerNotKept } from '../platform/http/idempotency.guard.js';

const PACKAGE_CONTENT = {
  description:
    'A ZIP of the checked files of the active form (`NN Caption - name.ext`, in field order), then ' +
    '`index.csv` and `index.pdf` (caption, file, status, upload date, size, SHA-256). Each download is ' +
    'recorded in the audit trail.',
  content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
};

/** The lender package: one ZIP of a client's checked documents with an index, for staff who review them. */
@Controller(API.core)
export class LenderPackageController {
  constructor(
    private readonly packages: LenderPackageService,
    private readonly links: LenderPackageLinks,
    private readonly callers: CallerResolver,
  ) {}

  @Roles(...STAFF_ROLES)
  @Get('customers/:id/lender_package/')
  @ApiProduces('application/zip')
  @ApiOkResponse(PACKAGE_CONTENT)
  @ApiConflictResponse({ description: 'The client has no checked file (nothing is recorded).' })
  async download(
    @Param('id', ParseIdPipe) id: string,
    @Query() query: LenderPackageQuery,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
    @Res() response: HttpResponse,
  ): Promise<void> {
    const pkg = await this.packages.prepare(caller, id, query.include === 'in_review', meta);
    await this.packages.stream(pkg, response.hijack().raw);
  }

  /** What the web client downloads through: the browser then saves the ZIP to disk as it arrives. */
  @Roles(...STAFF_ROLES)
  @Post('customers/:id/lender_package/link/')
  @AnswerNotKept()
  // Nothing is stored: the link is signed, not kept.
  @HttpCode(200)
  @ApiOkData(LenderPackageLinkDoc, {
    description: 'A link to download the package, valid for a minute, for this session only.',
  })
  @ApiConflictResponse({ description: 'The client has no checked file.' })
  async link(
    @Param('id', ParseIdPipe) id: string,
    @Query() query: LenderPackageQuery,
    @CurrentUser() caller: Caller,
  ): Promise<DataEnvelope<LenderPackageLinkDoc>> {
    const includeInReview = query.include === 'in_review';
    await this.packages.check(caller, id, includeInReview);
    return ok({ url: this.links.url(caller, id, includeInReview) });
  }

  @Public()
  @Get('lender_packages/:token/')
  @ApiProduces('application/zip')
  @ApiOkResponse(PACKAGE_CONTENT)
  @ApiNotFoundResponse({ description: 'The link expired or was altered.' })
  async follow(
    @Param('token') token: string,
    @RequestMetadata() meta: EventMetadata,
    @Res() response: HttpResponse,
  ): Promise<void> {
    const claims = this.links.verify(token);
    // The session that asked, as it is now: ended, deactivated or no longer staff, the link is refused.
    const caller = await this.callers.ofSession(claims.user_id, claims.sid);
    admitCaller(caller, STAFF_ROLES);
    const recorded = { ...meta, actorId: caller.id, actorRole: caller.role };
    const pkg = await this.packages.prepare(caller, claims.customer_id, claims.in_review, recorded);
    await this.packages.stream(pkg, response.hijack().raw);
  }
}
