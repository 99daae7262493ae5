import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { PageQuery } from '../platform/http/page-query.js';

export class HistoryQuery extends PageQuery(50, 1000) {
  @ApiPropertyOptional({ example: 'customer.updated', description: 'Only events of this type.' })
  @IsOptional()
  @IsString()
  @Matches(/^[a-z_]+\.[a-z_]+$/, { message: 'The type field must be an event type such as customer.updated' })
  type?: string;

  @ApiPropertyOptional({
    enum: ['json', 'csv'],
    default: 'json',
    description: 'csv downloads the whole trail.',
  })
  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'The format field must be json or csv' })
  format: 'json' | 'csv' = 'json';
}
