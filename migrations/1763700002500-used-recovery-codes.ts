import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hashes of the codes used from a user's current set (`users u`), in the order used: the hashes the
 * last enrolment or replacement issued, at the indexes the sign-ins since then used.
 */
export const USED_RECOVERY_CODES_FROM_LOG = `COALESCE((
  SELECT jsonb_agg(issued.hashes -> (used.data->>'index')::int ORDER BY used.global_position)
    FROM (SELECT e.global_position, e.data->'recoveryCodeHashes' AS hashes
            FROM events e
           WHERE e.stream_type = 'user' AND e.stream_id = u.id::text
             AND e.type IN ('user.second_factor_enabled', 'user.recovery_codes_replaced')
           ORDER BY e.global_position DESC LIMIT 1) issued
    JOIN events used
      ON used.stream_type = 'user' AND used.stream_id = u.id::text
     AND used.type = 'user.recovery_code_used' AND used.global_position > issued.global_position
), '[]'::jsonb)`;

/**
 * A recovery code typed again after it was used is refused as used, not as wrong, so the user knows to
 * take another one: the user row keeps the hashes of the codes used from the current set. The codes used
 * before this change are worked out from the log as the projection works them out, so the live table and
 * a rebuild agree.
 */
export class UsedRecoveryCodes1763700002500 implements MigrationInterface {
  name = 'UsedRecoveryCodes1763700002500';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users ADD COLUMN second_factor_recovery_used jsonb NULL');
    await db.query(
      `UPDATE users u SET second_factor_recovery_used = ${USED_RECOVERY_CODES_FROM_LOG}
        WHERE u.second_factor_recovery IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users DROP COLUMN second_factor_recovery_used');
  }
}
