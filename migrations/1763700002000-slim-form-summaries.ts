import type { MigrationInterface, QueryRunner } from 'typeorm';
import { FILL_FORM_SUMMARIES } from '../server/src/documents/form-summaries.js';

/**
 * The clients' form summaries keep of the active form's fields only what the roadmap's progress reads (each
 * field's name and whether it is disabled). The summaries are worked out again from the forms by the
 * statement a rebuild fills them with, so a migrated database holds what a rebuild would.
 */
export class SlimFormSummaries1763700002000 implements MigrationInterface {
  name = 'SlimFormSummaries1763700002000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('DELETE FROM customer_form_summaries');
    await db.query(FILL_FORM_SUMMARIES);
    await db.query('ANALYZE customer_form_summaries');
  }

  async down(): Promise<void> {
    // The wider summaries need nothing the slim ones lack to be read; nothing to undo.
  }
}
