import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A texted password waits here, unused, until it is used or expires; the password in force stays. */
export class PendingPassword1763700000600 implements MigrationInterface {
  name = 'PendingPassword1763700000600';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE users
        ADD COLUMN pending_password_hash text NULL,
        ADD COLUMN pending_password_nonce text NULL,
        ADD COLUMN pending_password_expires_at timestamptz NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE users
        DROP COLUMN pending_password_hash,
        DROP COLUMN pending_password_nonce,
        DROP COLUMN pending_password_expires_at`);
  }
}
