import { Module } from '@nestjs/common';
import { FormTemplateProjection } from './form-template.projection.js';

@Module({ providers: [FormTemplateProjection] })
export class FormsModule {}
