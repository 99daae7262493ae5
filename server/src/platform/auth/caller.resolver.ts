import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { preparedQuery } from '../database/prepared.js';
import { isRole, isStaffRole } from '../../../../machines/roles.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { EventStore } from '../event-store/event-store.js';
import type { StoredEvent } from '../event-store/event.types.js';
import { AppError } from '../http/app-error.js';
import type { Caller } from './auth.decorators.js';
import { TokenService } from './token.service.js';

interface CallerRow {
  id: string;
  role: string;
  customer_id: string | null;
  first_name: string;
  last_name: string;
  require_change_password: boolean;
  is_active: boolean;
  session_live: boolean;
  has_second_factor: boolean;
  second_factor_required: boolean | null;
}

/** Signed-in users kept at once; beyond it the cache starts again. */
const KEPT = 10_000;
/** A kept answer is asked again after this long even if no event said it changed (an edit outside the log). */
const KEPT_FOR_MS = 60_000;

/** The client treats this 401 as "signed out": renewing fails too, so it shows the sign-in page. */
export function sessionEnded(): AppError {
  return AppError.unauthorized('session_ended', 'This session has ended. Please sign in again.');
}

/**
 * Turns an access token into the signed-in user. The user and session rows are read once and kept until
 * an event of that user or session arrives: this instance forgets them the moment its own append commits
 * (before the command answers), and every instance when it follows the log to that event, which it does
 * before pushing the event to anyone. So a disabled account or an ended session stops at once here and
 * within the log's propagation (milliseconds) on other instances, without a query on every request.
 */
@Injectable()
export class CallerResolver implements OnModuleDestroy {
  private readonly kept = new Map<string, { caller: Caller; until: number }>();
  /** Moves at every forgetting, so a read that raced one is not kept. */
  private forgotten = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly tokens: TokenService,
    private readonly dataSource: DataSource,
    events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.unsubscribe = events.onAppended((appended) => appended.forEach((event) => this.follow(event)));
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  async fromAccessToken(token: string): Promise<Caller> {
    const claims = this.tokens.verifyAccess(token);
    return this.ofSession(claims.user_id, claims.sid);
  }

  /** The signed-in user of a session, as a token of it would resolve now. */
  async ofSession(userId: string, sessionId: string): Promise<Caller> {
    const claims = { user_id: userId, sid: sessionId };
    const key = `${claims.user_id}:${claims.sid}`;
    const hit = this.kept.get(key);
    if (hit && hit.until > Date.now()) return hit.caller;
    const asked = this.forgotten;
    const rows = await preparedQuery<CallerRow>(
      this.dataSource,
      `SELECT u.id, u.role, u.customer_id, u.first_name, u.last_name, u.require_change_password, u.is_active,
              (s.id IS NOT NULL AND NOT s.revoked AND s.user_id = u.id) AS session_live,
              u.second_factor_secret IS NOT NULL AS has_second_factor,
              (SELECT (b.settings->>'secondFactorRequired')::boolean FROM brokerage_settings b WHERE b.id = 1)
                AS second_factor_required
         FROM users u LEFT JOIN refresh_sessions s ON s.id = $2
        WHERE u.id = $1`,
      [claims.user_id, claims.sid],
    );
    const row = rows[0];
    if (!row || !row.is_active || !isRole(row.role)) {
      throw AppError.unauthorized('user_inactive', 'This account is no longer active.');
    }
    if (!row.session_live) throw sessionEnded();
    const secondFactorRequired =
      isStaffRole(row.role) && (row.second_factor_required ?? this.config.brokerage.secondFactorRequired);
    const caller: Caller = {
      id: row.id,
      sessionId: claims.sid,
      role: row.role,
      customerId: row.customer_id,
      firstName: row.first_name,
      lastName: row.last_name,
      requireChangePassword: row.require_change_password,
      secondFactorRequired,
      mustEnrolSecondFactor: secondFactorRequired && !row.has_second_factor,
    };
    if (asked === this.forgotten) {
      if (this.kept.size >= KEPT) this.kept.clear();
      this.kept.set(key, { caller, until: Date.now() + KEPT_FOR_MS });
    }
    return caller;
  }

  /**
   * Forgets what an event of a user or a session may have changed, and everything when the brokerage's
   * settings change (whether staff need a second factor); called for every event of the log.
   */
  follow(event: StoredEvent): void {
    if (event.streamType === 'brokerage') {
      this.forgotten++;
      this.kept.clear();
      return;
    }
    if (event.streamType !== 'user' && event.streamType !== 'session') return;
    this.forgotten++;
    const matches =
      event.streamType === 'user'
        ? (key: string) => key.startsWith(`${event.streamId}:`)
        : (key: string) => key.endsWith(`:${event.streamId}`);
    for (const key of this.kept.keys()) if (matches(key)) this.kept.delete(key);
  }
}
