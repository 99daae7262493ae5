import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { HttpRequest } from '../platform/http/http-types.js';
import { ROLES } from '../../../machines/roles.js';
import { type Caller, CurrentUser, Roles } from '../platform/auth/auth.decorators.js';
import type { EventMetadata } from '../platform/event-store/event.types.js';
import { ok, page } from '../platform/http/envelope.js';
import {
  ApiCreatedData,
  ApiOkData,
  ApiOkEmpty,
  ApiOkPage,
  UnreadDoc,
} from '../platform/http/envelope.docs.js';
import { ApiTextWithFileBody } from '../platform/http/multipart.docs.js';
import { API, RequestMetadata } from '../platform/http/request-metadata.js';
import { FileLinks } from '../platform/storage/file-links.js';
import { MAX_COMMENT_LENGTH } from './comment.decider.js';
import { CommentViewDoc, ListCommentsQuery } from './documents.dto.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { toCommentView } from './documents.views.js';
import { ParseIdPipe } from '../platform/http/id.pipe.js';

/** The chat about one uploaded file, open to the customer and to the staff who may see the client. */
@Controller(`${API.core}/forms/:code/files/:fileId/comments`)
@Roles(...ROLES)
export class CommentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly repository: DocumentsRepository,
    private readonly links: FileLinks,
  ) {}

  @Get('/')
  @ApiOkPage(CommentViewDoc, { description: 'The comments on the file.' })
  async list(
    @Param('code') code: string,
    @Param('fileId', ParseIdPipe) fileId: string,
    @Query() query: ListCommentsQuery,
    @CurrentUser() caller: Caller,
  ) {
    const { rows, count, visible } = await this.repository.visibleComments(caller, code, fileId, {
      offset: query.offset,
      limit: query.limit,
      direction: query.ordering === 'created' ? 'ASC' : 'DESC',
    });
    // Not the caller's to see: the check says which of the form or the file is not there.
    if (!visible) await this.documents.fileFor(caller, code, fileId);
    return page(
      rows.map((row) => toCommentView(row, this.links)),
      count,
      query.offset,
      query.limit,
    );
  }

  @Post('/')
  @ApiTextWithFileBody(MAX_COMMENT_LENGTH)
  @ApiCreatedData(CommentViewDoc, { description: 'The new comment.' })
  async add(
    @Param('code') code: string,
    @Param('fileId', ParseIdPipe) fileId: string,
    @Req() request: HttpRequest,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    const added = await this.documents.addComment(caller, code, fileId, request.raw, meta);
    return ok(toCommentView(added, this.links));
  }

  @Delete(':commentId/')
  @ApiOkEmpty({ description: 'The comment is deleted.' })
  async remove(
    @Param('code') code: string,
    @Param('fileId', ParseIdPipe) fileId: string,
    @Param('commentId', ParseIdPipe) commentId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.documents.deleteComment(caller, code, fileId, commentId, meta);
    return ok({});
  }

  @Patch('mark_read/')
  @HttpCode(200)
  @ApiOkData(UnreadDoc, { description: 'Every comment on the file is read by the caller.' })
  async markRead(
    @Param('code') code: string,
    @Param('fileId', ParseIdPipe) fileId: string,
    @CurrentUser() caller: Caller,
    @RequestMetadata() meta: EventMetadata,
  ) {
    await this.documents.markCommentsRead(caller, code, fileId, meta);
    return ok({ unread: 0 });
  }
}
