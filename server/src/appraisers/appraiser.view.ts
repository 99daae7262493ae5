import { ApiProperty } from '@nestjs/swagger';
import type { QuoteRequestDetails } from './appraiser.events.js';
import type { AppraiserRow } from './appraisers.repository.js';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/**
 * An appraiser as the API answers it, with this client's quote request and assignment dates; staff also
 * get the details of the latest quote request, which the assignment form starts from.
 */
export function toAppraiserView(row: AppraiserRow, forStaff = true) {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone_number: row.phone_number,
    locations: row.locations.map((name) => ({ name })),
    banks: row.banks.map((name) => ({ name })),
    sent_date: iso(row.sent_date),
    assignation_date: iso(row.assignation_date),
    quote_request: forStaff ? row.quote_request : null,
  };
}

export type AppraiserView = ReturnType<typeof toAppraiserView>;

export class QuoteRequestDetailsDto implements QuoteRequestDetails {
  @ApiProperty({ example: 'HW-8K2M4Q' })
  typed_id: string;

  @ApiProperty({ example: '12 King St W, Toronto' })
  property_address: string;

  @ApiProperty({ example: 'Royal Bank of Canada' })
  lender: string;

  @ApiProperty({ enum: ['first', 'second'] })
  mortgage_position: string;

  @ApiProperty({ example: 80 })
  ltv: number;

  @ApiProperty({ example: 650000 })
  expected_value: number;

  @ApiProperty({ example: '2027-01-15' })
  due_date: string;

  @ApiProperty()
  comment: string;
}

export class NamedDto {
  @ApiProperty({ example: 'Toronto' })
  name: string;
}

/** OpenAPI description of an appraiser; it implements the view, so a field left out here does not compile. */
export class AppraiserViewDto implements AppraiserView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Omar' })
  first_name: string;

  @ApiProperty({ example: 'Haddad' })
  last_name: string;

  @ApiProperty({ format: 'email', example: 'omar@haddad-appraisals.ca' })
  email: string;

  @ApiProperty({ example: '14165550123' })
  phone_number: string;

  @ApiProperty({ type: [NamedDto], description: 'Where the appraiser works.' })
  locations: NamedDto[];

  @ApiProperty({ type: [NamedDto], description: 'The banks the appraiser works with.' })
  banks: NamedDto[];

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: "When this client's latest quote request went to the appraiser.",
  })
  sent_date: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the appraiser was assigned to this client.',
  })
  assignation_date: string | null;

  @ApiProperty({
    type: QuoteRequestDetailsDto,
    nullable: true,
    description: "The details of this client's latest quote request to the appraiser (staff only).",
  })
  quote_request: QuoteRequestDetailsDto | null;
}

export class BankDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'TD' })
  name: string;
}
