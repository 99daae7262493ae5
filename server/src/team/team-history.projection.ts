import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { USER_STREAM, type UserRegistered } from '../users/user.events.js';

/** The changes to staff accounts the team page lists; sign-ins and passwords are not among them. */
export const TEAM_HISTORY_TYPES = [
  'user.registered',
  'user.profile_updated',
  'user.deactivated',
  'user.reactivated',
  'user.role_changed',
  'user.broker_codes_changed',
  'user.second_factor_enabled',
  'user.second_factor_removed',
] as const;

/**
 * `team_history`: each change to a staff account with who made it, newest first on the team page. What a
 * registration records is its person and role, never its password. Customers' accounts are not staff.
 */
@Injectable()
export class TeamHistoryProjection extends InlineProjection {
  readonly name = 'team_history';
  readonly tables = ['team_history'];
  override readonly uses = ['users'];
  readonly eventTypes = TEAM_HISTORY_TYPES;

  async apply(event: StoredEvent, tx: EntityManager): Promise<void> {
    if (event.streamType !== USER_STREAM) return;
    let changes: object = event.data as object;
    if (event.type === 'user.registered') {
      const d = (event as unknown as UserRegistered).data;
      if (d.role === 'customer') return;
      const { role, firstName, lastName, email, phoneNumber } = d;
      changes = { role, firstName, lastName, email, phoneNumber };
    }
    // That it was turned on is the change; its sealed secret and hashed codes are nobody's to read.
    if (event.type === 'user.second_factor_enabled') changes = {};
    // The users projection has written the row already: a customer's account is left out here.
    await tx.query(
      `INSERT INTO team_history (position, user_id, actor_id, type, changes, created_at)
       SELECT $1, u.id, $2, $3, $4::jsonb, $5 FROM users u WHERE u.id = $6 AND u.role <> 'customer'`,
      [
        event.position,
        event.metadata.actorId,
        event.type,
        JSON.stringify(changes),
        event.createdAt,
        event.streamId,
      ],
    );
  }
}
