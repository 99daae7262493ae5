import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Read tables for clients, form templates, lawyers, banks and appraisers. */
export class Directory1763700000200 implements MigrationInterface {
  name = 'Directory1763700000200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE customers (
        id uuid PRIMARY KEY,
        typed_id text NOT NULL UNIQUE,
        user_id uuid NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        phone_number text NOT NULL,
        status text NOT NULL,
        deal_type text NOT NULL,
        customer_type text NOT NULL DEFAULT 'applicant',
        closing_date date NULL,
        filogix_number text NULL,
        lender text NOT NULL DEFAULT '',
        address_line text NOT NULL DEFAULT '',
        broker_id uuid NULL,
        assistant_id uuid NULL,
        second_applicant_first_name text NOT NULL DEFAULT '',
        second_applicant_last_name text NOT NULL DEFAULT '',
        second_applicant_email text NOT NULL DEFAULT '',
        second_applicant_phone_number text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        version integer NOT NULL
      )`);
    await db.query('CREATE INDEX customers_broker_idx ON customers (broker_id, created_at DESC)');
    await db.query('CREATE INDEX customers_status_idx ON customers (status, created_at DESC)');
    await db.query(`
      CREATE TABLE form_templates (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        fields jsonb NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE lawyers (
        id uuid PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        phone_number text NOT NULL,
        company text NOT NULL,
        address_line text NOT NULL,
        is_trusted_partner boolean NOT NULL,
        is_internal boolean NOT NULL,
        created_by_customer_id uuid NULL,
        created_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE TABLE banks (id uuid PRIMARY KEY, name text NOT NULL UNIQUE)`);
    await db.query(`
      CREATE TABLE appraisers (
        id uuid PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        phone_number text NOT NULL,
        locations jsonb NOT NULL,
        bank_ids jsonb NOT NULL,
        created_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE appraisers, banks, lawyers, form_templates, customers');
  }
}
