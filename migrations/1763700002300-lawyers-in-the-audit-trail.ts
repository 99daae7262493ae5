import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A client's own lawyer, as registered, now shows in that client's audit trail (`customer_history` files a
 * `lawyer.registered` event under `createdByCustomerId`). The events already in the log are filed here as
 * the projection files them, so the live table and a rebuild agree.
 */
export class LawyersInTheAuditTrail1763700002300 implements MigrationInterface {
  name = 'LawyersInTheAuditTrail1763700002300';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      INSERT INTO customer_history (position, customer_id, type, actor_id)
      SELECT global_position, (data->>'createdByCustomerId')::uuid, type, (metadata->>'actorId')::uuid
        FROM events
       WHERE stream_type = 'lawyer' AND type = 'lawyer.registered' AND data->>'createdByCustomerId' IS NOT NULL
      ON CONFLICT (position) DO NOTHING`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      "DELETE FROM customer_history h USING events e WHERE e.global_position = h.position AND e.type = 'lawyer.registered'",
    );
  }
}
