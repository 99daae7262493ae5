import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { USER_EVENT_TYPES, USER_STREAM, type UserEvent } from './user.events.js';

const NO_PENDING =
  'pending_password_hash = NULL, pending_password_nonce = NULL, pending_password_expires_at = NULL';

/** The `users` read table: one row per user, as the user stream says. */
@Injectable()
export class UserProjection extends InlineProjection {
  readonly name = 'users';
  readonly tables = ['users'];
  readonly eventTypes = USER_EVENT_TYPES;

  async apply(stored: StoredEvent, tx: EntityManager): Promise<void> {
    if (stored.streamType !== USER_STREAM) return;
    const event = stored as StoredEvent & UserEvent;
    const id = stored.streamId;
    const at = stored.createdAt;
    switch (event.type) {
      case 'user.registered': {
        const d = event.data;
        await tx.query(
          `INSERT INTO users (id, role, first_name, last_name, phone_number, email, password_hash, require_change_password,
             customer_id, is_active, created_at, updated_at, version)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, true, $10, $10, $11)`,
          [
            id,
            d.role,
            d.firstName,
            d.lastName,
            d.phoneNumber,
            d.email,
            d.passwordHash,
            d.requireChangePassword,
            d.customerId,
            at,
            stored.version,
          ],
        );
        return;
      }
      case 'user.password_changed':
        await this.update(tx, stored, `password_hash = $3, require_change_password = false, ${NO_PENDING}`, [
          event.data.passwordHash,
        ]);
        return;
      case 'user.password_reset':
      case 'user.reset_password_used':
        await this.update(tx, stored, `password_hash = $3, require_change_password = true, ${NO_PENDING}`, [
          event.data.passwordHash,
        ]);
        return;
      case 'user.password_reset_requested':
        await this.update(
          tx,
          stored,
          'pending_password_hash = $3, pending_password_nonce = $4, pending_password_expires_at = $5',
          [event.data.passwordHash, event.data.passwordDelivery.nonce, event.data.expiresAt],
        );
        return;
      case 'user.profile_updated': {
        const d = event.data;
        await this.update(
          tx,
          stored,
          `first_name = COALESCE($3, first_name), last_name = COALESCE($4, last_name),
           phone_number = COALESCE($5, phone_number), email = COALESCE($6, email)`,
          [d.firstName ?? null, d.lastName ?? null, d.phoneNumber ?? null, d.email ?? null],
        );
        return;
      }
      case 'user.deactivated':
        await this.update(tx, stored, `is_active = false, ${NO_PENDING}`, []);
        return;
      case 'user.reactivated':
        await this.update(tx, stored, 'is_active = true', []);
        return;
      case 'user.role_changed':
        await this.update(tx, stored, 'role = $3', [event.data.to]);
        return;
      case 'user.broker_codes_changed':
        await this.update(tx, stored, 'broker_codes = $3::jsonb', [JSON.stringify(event.data.codes)]);
        return;
      case 'user.second_factor_enabled':
        await this.update(
          tx,
          stored,
          `second_factor_secret = $3, second_factor_step = $4, second_factor_recovery = $5::jsonb,
           second_factor_recovery_used = '[]'`,
          [event.data.sealedSecret, event.data.step, JSON.stringify(event.data.recoveryCodeHashes)],
        );
        return;
      case 'user.second_factor_used':
        await this.update(tx, stored, 'second_factor_step = $3', [event.data.step]);
        return;
      case 'user.recovery_code_used':
        await this.update(
          tx,
          stored,
          `second_factor_recovery = jsonb_set(second_factor_recovery, ARRAY[$3::text], 'null'),
           second_factor_recovery_used = second_factor_recovery_used || jsonb_build_array(second_factor_recovery -> $3::int)`,
          [event.data.index],
        );
        return;
      case 'user.recovery_codes_replaced':
        await this.update(
          tx,
          stored,
          `second_factor_recovery = $3::jsonb, second_factor_recovery_used = '[]'`,
          [JSON.stringify(event.data.recoveryCodeHashes)],
        );
        return;
      case 'user.second_factor_removed':
        await this.update(
          tx,
          stored,
          `second_factor_secret = NULL, second_factor_step = NULL, second_factor_recovery = NULL,
           second_factor_recovery_used = NULL`,
          [],
        );
        return;
      case 'auth.logged_in':
      case 'auth.first_login':
        await this.update(tx, stored, 'last_login_at = $3', [at]);
        return;
    }
  }

  private async update(
    tx: EntityManager,
    stored: StoredEvent,
    set: string,
    values: unknown[],
  ): Promise<void> {
    await tx.query(
      `UPDATE users SET ${set}, updated_at = $1, version = GREATEST(version, $2) WHERE id = $${values.length + 3}`,
      [stored.createdAt, stored.version, ...values, stored.streamId],
    );
  }
}
