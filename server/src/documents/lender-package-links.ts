import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Caller } from '../platform/auth/auth.decorators.js';
import { AppError } from '../platform/http/app-error.js';
import { API } from '../platform/http/request-metadata.js';

/** What a lender package link stands for: one download, by one session, of one client's package. */
export interface LenderPackageLinkClaims {
  typ: 'lender_package';
  user_id: string;
  sid: string;
  customer_id: string;
  in_review: boolean;
}

/** Long enough for the browser to follow the link it was just given, too short to be passed around. */
const LINK_TTL_SECONDS = 60;
export const LENDER_PACKAGES_PATH = `/${API.core}/lender_packages`;

/**
 * Signed links to a lender package, so the browser downloads it as it downloads any file: straight to
 * disk, however large, instead of into the page's memory. A link is signed for the session that asked for
 * it and resolves the caller again when followed, so an ended session or a withdrawn client refuses it.
 */
@Injectable()
export class LenderPackageLinks {
  constructor(private readonly jwt: JwtService) {}

  url(caller: Caller, customerId: string, includeInReview: boolean): string {
    const claims: LenderPackageLinkClaims = {
      typ: 'lender_package',
      user_id: caller.id,
      sid: caller.sessionId,
      customer_id: customerId,
      in_review: includeInReview,
    };
    return `${LENDER_PACKAGES_PATH}/${this.jwt.sign(claims, { expiresIn: LINK_TTL_SECONDS })}/`;
  }

  verify(token: string): LenderPackageLinkClaims {
    try {
      const claims = this.jwt.verify<LenderPackageLinkClaims>(token);
      if (claims.typ !== 'lender_package') throw new Error('wrong kind');
      return claims;
    } catch {
      throw AppError.notFound(
        'This download link has expired. Download the lender package again.',
        'link_expired',
      );
    }
  }
}
