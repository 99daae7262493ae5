import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PersonDoc } from '../customers/customer-view.dto.js';
import { PageQuery } from '../platform/http/page-query.js';
import type { NoteView } from './notes.service.js';

export class ListNotesQuery extends PageQuery(10, 100) {
  @ApiPropertyOptional({ enum: ['-created', 'created'], default: '-created' })
  @IsOptional()
  @IsIn(['-created', 'created'], { message: 'The ordering field must be -created or created' })
  ordering = '-created';
}

class NoteAuthorDoc extends PersonDoc {
  @ApiProperty({ example: 'broker', description: "'' when the author is gone." })
  role: string;
}

class NoteFileDoc {
  @ApiProperty({ example: 'pay-stub.pdf' })
  name: string;

  @ApiProperty({ example: 'application/pdf' })
  type: string;

  @ApiProperty({ description: 'Bytes.' })
  size: number;

  @ApiProperty({ description: 'A signed link to the file.' })
  url: string;
}

/** OpenAPI description of an internal note. */
export class NoteViewDoc implements NoteView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Called the lender about the appraisal.' })
  text: string;

  @ApiProperty({ format: 'date-time' })
  created: string;

  @ApiProperty({ type: NoteAuthorDoc })
  author: NoteAuthorDoc;

  @ApiProperty({ type: NoteFileDoc, nullable: true })
  file: NoteFileDoc | null;
}
