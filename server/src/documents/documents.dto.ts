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
import { FILE_STATUSES } from '../../../machines/documents.js';
import { PageQuery } from '../platform/http/page-query.js';
import { HasNoMarkup } from '../platform/http/value-rules.js';
import { TEXT_MAX_LENGTH } from '../../../machines/validation.js';

export class TutorialDto {
  @IsString({ message: 'The description field must be text' })
  @MaxLength(TEXT_MAX_LENGTH, {
    message: `The description field may not be longer than ${TEXT_MAX_LENGTH} characters`,
  })
  description: string;

  @IsString({ message: 'The example field must be text' })
  @MaxLength(500, { message: 'The example field may not be longer than 500 characters' })
  example: string;
}

export class FormFieldDto {
  @IsIn(['file'], { message: 'The type field must be file' })
  type: 'file';

  @IsString({ message: 'The name field is required' })
  @MaxLength(80, { message: 'The name field may not be longer than 80 characters' })
  @HasNoMarkup()
  name: string;

  @IsString({ message: 'The caption field is required' })
  @MaxLength(200, { message: 'The caption field may not be longer than 200 characters' })
  @HasNoMarkup()
  caption: string;

  @IsBoolean({ message: 'The disabled field must be true or false' })
  disabled: boolean;

  @ValidateNested()
  @Type(() => TutorialDto)
  tutorial: TutorialDto;
}

export class SaveFieldsDto {
  @IsArray({ message: 'The fields field must be a list' })
  @ArrayMaxSize(100, { message: 'A form may have at most 100 fields' })
  @ValidateNested({ each: true })
  @Type(() => FormFieldDto)
  fields: FormFieldDto[];
}

export class CreateFormDto extends SaveFieldsDto {
  @IsUUID('all', { message: 'The customer_id field must be a client id' })
  customer_id: string;
}

export class FileStatusDto {
  @IsUUID('all', { message: 'The id field must be a file id' })
  id: string;

  @IsIn(FILE_STATUSES, { message: `The status field must be one of ${FILE_STATUSES.join(', ')}` })
  status: (typeof FILE_STATUSES)[number];
}

export class ListCommentsQuery extends PageQuery(10, 100) {
  @IsOptional()
  @IsIn(['-created', 'created'], { message: 'The ordering field must be -created or created' })
  ordering = '-created';
}

export class ListFormsQuery {
  @IsOptional()
  @IsUUID('all', { message: 'The customer_id field must be a client id' })
  customer_id?: string;
}
