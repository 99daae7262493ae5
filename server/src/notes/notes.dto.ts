import { IsIn, IsOptional } from 'class-validator';
import { PageQuery } from '../platform/http/page-query.js';

export class ListNotesQuery extends PageQuery(10, 100) {
  @IsOptional()
  @IsIn(['-created', 'created'], { message: 'The ordering field must be -created or created' })
  ordering = '-created';
}
