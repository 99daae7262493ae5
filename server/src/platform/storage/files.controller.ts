import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiQuery } from '@nestjs/swagger';
import { servedFileType } from '../../../../machines/accepted-files.js';
import { Public } from '../auth/auth.decorators.js';
import { AppError } from '../http/app-error.js';
import type { HttpResponse } from '../http/http-types.js';
import { API } from '../http/request-metadata.js';
import { FileLinks } from './file-links.js';
import { OBJECT_STORAGE, ObjectNotFound, type ObjectStorage } from './object-storage.js';

/**
 * Policy for every stored file: whatever its bytes, it runs no script and loads nothing, and a sandboxed
 * document has an opaque origin, so it can never act as the product. Chromium still shows images and
 * opens PDFs in its viewer under it (test/api/file-safety.test.ts opens both).
 */
export const STORED_FILE_POLICY = "sandbox; default-src 'none'";

/**
 * Streams a stored file behind a signed link under its accepted type: images and PDFs are shown inline,
 * everything else (and every file on `?download=1`) is downloaded.
 */
@Controller(API.core)
export class FilesController {
  constructor(
    private readonly links: FileLinks,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Public()
  @Get('files/:token/')
  @ApiProduces('*/*')
  @ApiQuery({
    name: 'download',
    required: false,
    description: 'Any value downloads the file instead of showing it.',
    schema: { type: 'string', example: '1' },
  })
  @ApiOkResponse({
    description: 'The bytes of the file, under its stored type.',
    content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
  })
  async download(
    @Param('token') token: string,
    @Query('download') download: string | undefined,
    @Res() response: HttpResponse,
  ): Promise<HttpResponse> {
    const claims = this.links.verify(token);
    let body;
    try {
      body = await this.storage.get(claims.key);
    } catch (error) {
      if (error instanceof ObjectNotFound) throw AppError.notFound('This file is no longer stored.');
      throw error;
    }
    const served = servedFileType(claims.mime);
    const disposition = served.inline && !download ? 'inline' : 'attachment';
    response.header('Content-Type', served.contentType);
    response.header(
      'Content-Disposition',
      `${disposition}; filename*=UTF-8''${encodeURIComponent(claims.name)}`,
    );
    response.header('X-Content-Type-Options', 'nosniff');
    response.header('Content-Security-Policy', STORED_FILE_POLICY);
    response.header('Cache-Control', 'private, no-store');
    // Streamed as it is read from storage; a storage error cuts the answer short rather than ending it.
    return response.send(body);
  }
}
