import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The team page: each broker's lender submission codes on their user row, and the history of changes to
 * staff accounts (who invited, edited, promoted, deactivated whom), newest first.
 */
export class Team1763700001000 implements MigrationInterface {
  name = 'Team1763700001000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users ADD COLUMN broker_codes jsonb NOT NULL DEFAULT '[]'`);
    await db.query(`
      CREATE TABLE team_history (
        position bigint PRIMARY KEY,
        user_id uuid NOT NULL,
        actor_id uuid NULL,
        type text NOT NULL,
        changes jsonb NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await db.query('CREATE INDEX team_history_newest_idx ON team_history (position DESC)');
    // The history of staff who exist already, as the projection writes it when it replays their events.
    await db.query(`
      INSERT INTO team_history (position, user_id, actor_id, type, changes, created_at)
      SELECT e.global_position, u.id, (e.metadata->>'actorId')::uuid, e.type,
             CASE WHEN e.type = 'user.registered'
                  THEN jsonb_build_object('role', e.data->'role', 'firstName', e.data->'firstName',
                         'lastName', e.data->'lastName', 'email', e.data->'email', 'phoneNumber', e.data->'phoneNumber')
                  ELSE e.data END,
             e.created_at
        FROM events e JOIN users u ON u.id::text = e.stream_id AND u.role <> 'customer'
       WHERE e.stream_type = 'user'
         AND e.type IN ('user.registered', 'user.profile_updated', 'user.deactivated')`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE team_history');
    await db.query('ALTER TABLE users DROP COLUMN broker_codes');
  }
}
