import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { QuoteRequestDetails } from './appraiser.events.js';

export interface AppraiserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  locations: string[];
  banks: string[];
  sent_date: Date | null;
  assignation_date: Date | null;
  /** The details of this client's latest quote request to the appraiser, if one went out. */
  quote_request: QuoteRequestDetails | null;
}

/** Queries of the banks and appraisers read tables. */
@Injectable()
export class AppraisersRepository {
  constructor(private readonly dataSource: DataSource) {}

  banks(search: string, offset: number, limit: number): Promise<{ id: string; name: string }[]> {
    return this.dataSource.query(
      'SELECT id, name FROM banks WHERE lower(name) LIKE $1 ORDER BY name LIMIT $2 OFFSET $3',
      [`%${search.toLowerCase()}%`, limit, offset],
    );
  }

  /**
   * Appraisers in a location (partial, any case) working with a bank (by name, '' for any), with when this
   * client's quote request went to each and when one was assigned; `onlyId` narrows to one appraiser.
   */
  forClient(
    customerId: string,
    filter: { location: string; bank: string; onlyId?: string | null },
  ): Promise<AppraiserRow[]> {
    const params: unknown[] = [
      customerId,
      `%${filter.location.trim().toLowerCase()}%`,
      filter.bank.trim().toLowerCase(),
    ];
    const only =
      filter.onlyId !== undefined ? (params.push(filter.onlyId), `AND a.id = $${params.length}`) : '';
    return this.dataSource.query(
      `SELECT a.id, a.first_name, a.last_name, a.email, a.phone_number, a.locations,
              COALESCE((SELECT json_agg(b.name ORDER BY b.name) FROM banks b WHERE a.bank_ids ? b.id::text), '[]'::json) AS banks,
              (SELECT MAX(r.sent_at) FROM appraisal_requests r WHERE r.customer_id = $1 AND r.appraiser_id = a.id) AS sent_date,
              (SELECT r.details FROM appraisal_requests r WHERE r.customer_id = $1 AND r.appraiser_id = a.id
                ORDER BY r.sent_at DESC, r.position DESC LIMIT 1) AS quote_request,
              (SELECT c.appraiser_assigned_at FROM customers c WHERE c.id = $1 AND c.appraiser_id = a.id) AS assignation_date
         FROM appraisers a
        WHERE EXISTS (SELECT 1 FROM jsonb_array_elements_text(a.locations) l WHERE lower(l) LIKE $2)
          AND ($3 = '' OR EXISTS (SELECT 1 FROM banks b WHERE a.bank_ids ? b.id::text AND lower(b.name) = $3))
          ${only}
        ORDER BY a.last_name, a.first_name`,
      params,
    );
  }

  /** How many of these appraisers exist. */
  async countExisting(ids: string[]): Promise<number> {
    const rows: { id: string }[] = await this.dataSource.query(
      'SELECT id FROM appraisers WHERE id = ANY($1::uuid[])',
      [ids],
    );
    return rows.length;
  }
}
