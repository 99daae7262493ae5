import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
  ArrayMaxSize,
} from 'class-validator';
import { FILE_STATUSES, type FileStatus, type FormField } from '../../../machines/documents.js';
import { CAPTION_MAX, DESCRIPTION_MAX, EXAMPLE_MAX, FIELD_NAME_MAX } from '../../../machines/form-builder.js';
import { PersonDoc } from '../customers/customer-view.dto.js';
import { PageQuery } from '../platform/http/page-query.js';
import { HasNoMarkup, IsOneLine, IsExampleLink } from '../platform/http/value-rules.js';
import type { toCommentView, toFileView, toFormView } from './documents.views.js';

const MAX_FIELDS = 100;

export class TutorialDto {
  @ApiProperty({ maxLength: DESCRIPTION_MAX, description: 'How to find or make the document.' })
  @IsString({ message: 'The description field must be text' })
  @MaxLength(DESCRIPTION_MAX, {
    message: `The description field may not be longer than ${DESCRIPTION_MAX} characters`,
  })
  description: string;

  @ApiProperty({ maxLength: EXAMPLE_MAX, description: 'An example of the document.' })
  @IsString({ message: 'The example field must be text' })
  @MaxLength(EXAMPLE_MAX, { message: `The example field may not be longer than ${EXAMPLE_MAX} characters` })
  @IsExampleLink()
  example: string;
}

export class FormFieldDto implements FormField {
  @ApiProperty({ enum: ['file'] })
  @IsIn(['file'], { message: 'The type field must be file' })
  type: 'file';

  @ApiProperty({
    maxLength: FIELD_NAME_MAX,
    example: 'pay_stub',
    description: 'The part name of its uploads.',
  })
  @IsString({ message: 'The name field is required' })
  @MaxLength(FIELD_NAME_MAX, {
    message: `The name field may not be longer than ${FIELD_NAME_MAX} characters`,
  })
  @HasNoMarkup()
  @IsOneLine()
  name: string;

  @ApiProperty({ maxLength: CAPTION_MAX, example: 'Two recent pay stubs' })
  @IsString({ message: 'The caption field is required' })
  @MaxLength(CAPTION_MAX, { message: `The caption field may not be longer than ${CAPTION_MAX} characters` })
  @HasNoMarkup()
  @IsOneLine()
  caption: string;

  @ApiProperty({ description: 'A disabled field asks for nothing.' })
  @IsBoolean({ message: 'The disabled field must be true or false' })
  disabled: boolean;

  @ApiProperty({ type: TutorialDto })
  @ValidateNested()
  @Type(() => TutorialDto)
  tutorial: TutorialDto;
}

export class SaveFieldsDto {
  @ApiProperty({ type: [FormFieldDto], maxItems: MAX_FIELDS })
  @IsArray({ message: 'The fields field must be a list' })
  @ArrayMaxSize(MAX_FIELDS, { message: `A form may have at most ${MAX_FIELDS} fields` })
  @ValidateNested({ each: true })
  @Type(() => FormFieldDto)
  fields: FormFieldDto[];
}

export class CreateFormDto extends SaveFieldsDto {
  @ApiProperty({ format: 'uuid', description: 'The client the form asks documents of.' })
  @IsUUID('all', { message: 'The customer_id field must be a client id' })
  customer_id: string;
}

export class FileStatusDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'The id field must be a file id' })
  id: string;

  @ApiProperty({ enum: FILE_STATUSES })
  @IsIn(FILE_STATUSES, { message: `The status field must be one of ${FILE_STATUSES.join(', ')}` })
  status: (typeof FILE_STATUSES)[number];
}

export class ListCommentsQuery extends PageQuery(10, 100) {
  @ApiPropertyOptional({ enum: ['-created', 'created'], default: '-created' })
  @IsOptional()
  @IsIn(['-created', 'created'], { message: 'The ordering field must be -created or created' })
  ordering = '-created';
}

export class ListFormsQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'Staff: only the forms of this client.' })
  @IsOptional()
  @IsUUID('all', { message: 'The customer_id field must be a client id' })
  customer_id?: string;
}

export class LenderPackageQuery {
  @ApiPropertyOptional({
    enum: ['in_review'],
    description: 'in_review adds the files still in review, marked so in the index.',
  })
  @IsOptional()
  @IsIn(['in_review'], { message: 'The include field must be in_review' })
  include?: 'in_review';
}

/*
 * OpenAPI descriptions of the answers. Each class implements the type of the view it describes, so a
 * field added to a view and left out here does not compile.
 */

class IdDoc {
  @ApiProperty({ format: 'uuid' })
  id: string;
}

class CommentsUnreadDoc {
  @ApiProperty({ description: 'Comments the caller has not read.' })
  comments_unread: number;
}

class FileCommentsStatDoc extends CommentsUnreadDoc {
  @ApiProperty()
  total: number;
}

export class FormViewDoc implements ReturnType<typeof toFormView> {
  @ApiProperty({ example: 'f3K9xQ', description: 'The code of the form and of its upload link.' })
  code: string;

  @ApiProperty({ type: IdDoc })
  customer: IdDoc;

  @ApiProperty({ format: 'uuid' })
  customer_id: string;

  @ApiProperty({ type: [FormFieldDto] })
  fields: FormFieldDto[];

  @ApiProperty()
  is_archived: boolean;

  @ApiProperty({ format: 'date-time' })
  created: string;

  @ApiProperty({ type: CommentsUnreadDoc })
  comments_stat: CommentsUnreadDoc;

  @ApiProperty()
  version: number;
}

export class FileViewDoc implements ReturnType<typeof toFileView> {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'pay_stub', description: 'The form field the file was uploaded to.' })
  name: string;

  @ApiProperty({ example: 'Two recent pay stubs' })
  caption: string;

  @ApiProperty({ example: 'pay-stub-march.pdf' })
  file_name: string;

  @ApiProperty({ example: 'application/pdf' })
  file_type: string;

  @ApiProperty({ example: 'pdf' })
  extension: string;

  @ApiProperty({ description: 'Bytes.' })
  size: number;

  @ApiProperty({ format: 'date-time' })
  created: string;

  @ApiProperty({ enum: FILE_STATUSES })
  status: FileStatus;

  @ApiProperty({ type: FileCommentsStatDoc })
  comments_stat: FileCommentsStatDoc;

  @ApiProperty({ description: 'A signed link to the file.' })
  url: string;

  @ApiProperty({ type: String, nullable: true, description: 'A signed link to a preview image.' })
  thumbnail_url: string | null;
}

class CommentAuthorDoc extends PersonDoc {
  @ApiProperty({ example: 'broker' })
  role: string;

  @ApiProperty({ example: '14165550100' })
  phone_number: string;

  @ApiProperty({ example: 'jane.doe@example.ca' })
  email: string;

  @ApiProperty({ type: String, nullable: true, enum: [null], description: 'Always null.' })
  avatar: null;
}

export class CommentViewDoc implements ReturnType<typeof toCommentView> {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Could you send the second page too?' })
  text: string;

  @ApiProperty({ format: 'date-time' })
  created: string;

  @ApiProperty({ format: 'date-time' })
  modified: string;

  @ApiProperty({ type: CommentAuthorDoc })
  author: CommentAuthorDoc;

  @ApiProperty({ type: String, nullable: true, description: 'A signed link to the attached file.' })
  file: string | null;

  @ApiProperty({ type: String, nullable: true })
  file_name: string | null;

  @ApiProperty({ type: String, nullable: true })
  file_type: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'A signed link to a preview image.' })
  file_thumbnail: string | null;
}

export class FormTemplateDoc {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Purchase' })
  name: string;

  @ApiProperty({ type: [FormFieldDto] })
  fields: FormFieldDto[];
}

export class LenderPackageLinkDoc {
  @ApiProperty({
    example: '/core/api/v3/lender_packages/eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJsZW5kZXJfcGFja2FnZSJ9.c2ln/',
    description: 'Follow within a minute, without a token: the ZIP is sent as an attachment.',
  })
  url: string;
}

export class CreatedFormDoc {
  @ApiProperty({ example: 'f3K9xQ' })
  code: string;

  @ApiProperty({ type: IdDoc })
  customer: IdDoc;
}

class LandingFieldDoc {
  @ApiProperty({ example: 'pay_stub' })
  name: string;

  @ApiProperty({ example: 'Two recent pay stubs' })
  caption: string;

  @ApiProperty({ type: TutorialDto })
  tutorial: TutorialDto;
}

/** What an upload link shows before sign-in: the captions of the enabled fields only. */
export class LandingFormDoc {
  @ApiProperty({ example: 'f3K9xQ' })
  code: string;

  @ApiProperty({ type: [LandingFieldDoc] })
  fields: LandingFieldDoc[];
}
