import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { Public } from '../auth/auth.decorators.js';
import { AppError } from '../http/app-error.js';
import { API } from '../http/request-metadata.js';
import { FileLinks } from './file-links.js';
import { OBJECT_STORAGE, ObjectNotFound, type ObjectStorage } from './object-storage.js';

/** Streams a stored file behind a signed link; `?download=1` asks the browser to save it. */
@Controller(API.core)
export class FilesController {
  constructor(
    private readonly links: FileLinks,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Public()
  @Get('files/:token/')
  async download(
    @Param('token') token: string,
    @Query('download') download: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const claims = this.links.verify(token);
    let body;
    try {
      body = await this.storage.get(claims.key);
    } catch (error) {
      if (error instanceof ObjectNotFound) throw AppError.notFound('This file is no longer stored.');
      throw error;
    }
    const disposition = download ? 'attachment' : 'inline';
    response.setHeader('Content-Type', claims.mime);
    response.setHeader(
      'Content-Disposition',
      `${disposition}; filename*=UTF-8''${encodeURIComponent(claims.name)}`,
    );
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Cache-Control', 'private, max-age=600');
    await pipeline(body, response);
  }
}
