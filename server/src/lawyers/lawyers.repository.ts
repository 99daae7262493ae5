import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface LawyerRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  company: string;
  address_line: string;
  is_trusted_partner: boolean;
  is_internal: boolean;
  created_by_customer_id: string | null;
}

/** The lawyers a client may choose: trusted partners, and the ones the client registered. */
const OPEN_TO_CLIENT = '(is_trusted_partner OR created_by_customer_id = $1)';
const SEARCHABLE = `${OPEN_TO_CLIENT}
  AND lower(first_name || ' ' || last_name || ' ' || company || ' ' || email || ' ' || address_line) LIKE $2`;

/** Queries of the lawyers read table. */
@Injectable()
export class LawyersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Lawyers open to the client whose details contain `search` (any case), trusted partners first. */
  async search(
    customerId: string,
    search: string,
    page: { offset: number; limit: number },
  ): Promise<{ rows: LawyerRow[]; count: number }> {
    const pattern = `%${search.trim().toLowerCase()}%`;
    const rows: LawyerRow[] = await this.dataSource.query(
      `SELECT * FROM lawyers WHERE ${SEARCHABLE} ORDER BY is_trusted_partner DESC, last_name, first_name LIMIT $3 OFFSET $4`,
      [customerId, pattern, page.limit, page.offset],
    );
    const [{ count }] = (await this.dataSource.query(
      `SELECT count(*)::int AS count FROM lawyers WHERE ${SEARCHABLE}`,
      [customerId, pattern],
    )) as { count: number }[];
    return { rows, count };
  }

  async findOpenToClient(customerId: string, lawyerId: string): Promise<LawyerRow | null> {
    const rows: LawyerRow[] = await this.dataSource.query(
      `SELECT * FROM lawyers WHERE id = $2 AND ${OPEN_TO_CLIENT}`,
      [customerId, lawyerId],
    );
    return rows[0] ?? null;
  }
}
