import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { isId } from '../../../../machines/validation.js';
import { AppError } from './app-error.js';

/** A path parameter naming one of the product's objects: refused, naming the parameter, unless it is an id. */
@Injectable()
export class ParseIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown, metadata: ArgumentMetadata): string {
    const name = metadata.data ?? 'id';
    if (typeof value !== 'string' || !isId(value))
      throw AppError.invalidField(name, `The ${name} in the path must be an id (a UUID)`);
    return value;
  }
}
