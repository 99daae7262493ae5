import { ApiProperty } from '@nestjs/swagger';
import type { AppraiserRow } from './appraisers.repository.js';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** An appraiser as the API answers it, with this client's quote request and assignment dates. */
export function toAppraiserView(row: AppraiserRow) {
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
  };
}

export type AppraiserView = ReturnType<typeof toAppraiserView>;

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
}

export class BankDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'TD' })
  name: string;
}
