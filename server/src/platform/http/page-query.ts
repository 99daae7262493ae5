import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Far beyond any list's size, and within what PostgreSQL's OFFSET (a bigint) accepts. */
export const MAX_OFFSET = 1_000_000_000;

/**
 * Query parameters `offset` and `limit` with the defaults and maximum of one list. Each list extends
 * the class this returns, so every list validates paging the same way.
 */
export function PageQuery(defaultLimit: number, maxLimit: number) {
  class Paged {
    @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX_OFFSET, default: 0 })
    @IsOptional()
    @Type(() => Number)
    @IsInt({ message: 'The offset field must be a whole number' })
    @Min(0, { message: 'The offset field must be at least 0' })
    @Max(MAX_OFFSET, { message: `The offset field may not be greater than ${MAX_OFFSET}` })
    offset = 0;

    @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit })
    @IsOptional()
    @Type(() => Number)
    @IsInt({ message: 'The limit field must be a whole number' })
    @Min(1, { message: 'The limit field must be at least 1' })
    @Max(maxLimit, { message: `The limit field may not be greater than ${maxLimit}` })
    limit = defaultLimit;
  }
  return Paged;
}
