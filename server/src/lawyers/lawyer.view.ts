import { ApiProperty } from '@nestjs/swagger';
import type { LawyerRow } from './lawyers.repository.js';

/** A lawyer as the API answers it. */
export function toLawyerView(row: LawyerRow) {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    phone_number: row.phone_number,
    email: row.email,
    company: row.company,
    address_line: row.address_line,
    is_trusted_partner: row.is_trusted_partner,
    is_internal: row.is_internal,
  };
}

export type LawyerView = ReturnType<typeof toLawyerView>;

/** OpenAPI description of a lawyer; it implements the view, so a field left out here does not compile. */
export class LawyerViewDto implements LawyerView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Helen' })
  first_name: string;

  @ApiProperty({ example: 'Park' })
  last_name: string;

  @ApiProperty({ pattern: '^1\\d{10}$', example: '14165550123', description: '1 and 10 digits.' })
  phone_number: string;

  @ApiProperty({ format: 'email', example: 'helen.park@parklaw.ca' })
  email: string;

  @ApiProperty({ example: 'Park Law LLP', description: 'The law firm.' })
  company: string;

  @ApiProperty({ example: '100 Queen St W, Toronto, ON' })
  address_line: string;

  @ApiProperty({ description: 'A partner of the brokerage, offered to every client.' })
  is_trusted_partner: boolean;

  @ApiProperty({ description: "The brokerage's own lawyer." })
  is_internal: boolean;
}
