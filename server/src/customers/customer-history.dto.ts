import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { PageQuery } from '../platform/http/page-query.js';

export class HistoryQuery extends PageQuery(50, 1000) {
  @IsOptional()
  @IsString()
  @Matches(/^[a-z_]+\.[a-z_]+$/, { message: 'The type field must be an event type such as customer.updated' })
  type?: string;

  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'The format field must be json or csv' })
  format: 'json' | 'csv' = 'json';
}
