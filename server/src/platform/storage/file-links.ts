import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppError } from '../http/app-error.js';

export interface FileLinkClaims {
  typ: 'file';
  key: string;
  name: string;
  mime: string;
}

const LINK_TTL_SECONDS = 15 * 60;
export const FILES_PATH = '/core/api/v3/files';

/**
 * Short-lived signed links to stored files. They are handed out only in answers the caller was allowed
 * to read, so following one needs no further check, and it expires within minutes.
 */
@Injectable()
export class FileLinks {
  constructor(private readonly jwt: JwtService) {}

  url(file: { key: string; name: string; mimeType: string }): string {
    const claims: FileLinkClaims = { typ: 'file', key: file.key, name: file.name, mime: file.mimeType };
    const token = this.jwt.sign(claims, { expiresIn: LINK_TTL_SECONDS });
    return `${FILES_PATH}/${token}/`;
  }

  verify(token: string): FileLinkClaims {
    try {
      const claims = this.jwt.verify<FileLinkClaims>(token);
      if (claims.typ !== 'file') throw new Error('wrong kind');
      return claims;
    } catch {
      throw AppError.notFound('This link has expired. Reload the page to get a fresh one.', 'link_expired');
    }
  }
}
