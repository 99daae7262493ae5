import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in for staff: on the user row, the sealed TOTP secret, the time step of the last code
 * used (no code up to it is accepted again) and the recovery codes' hashes (a used one becomes null).
 */
export class SecondFactor1763700001200 implements MigrationInterface {
  name = 'SecondFactor1763700001200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE users
        ADD COLUMN second_factor_secret text NULL,
        ADD COLUMN second_factor_step bigint NULL,
        ADD COLUMN second_factor_recovery jsonb NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE users
        DROP COLUMN second_factor_secret,
        DROP COLUMN second_factor_step,
        DROP COLUMN second_factor_recovery`);
  }
}
