import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module.js';
import { ActiveFormProjection } from './active-form.projection.js';
import { CommentsController } from './comments.controller.js';
import { DocumentsAudience } from './documents.audience.js';
import { DocumentsProjection } from './documents.projection.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { FormTemplateProjection } from './form-template.projection.js';
import { FormsController } from './forms.controller.js';
import { LenderPackageController } from './lender-package.controller.js';
import { LenderPackageLinks } from './lender-package-links.js';
import { LenderPackageService } from './lender-package.service.js';
import { Thumbnails } from './thumbnails.js';

/**
 * Documents: the forms a broker sends to request documents (one active form per client, kept on the
 * customer stream), the files a customer uploads into each field, their statuses and thumbnails, and the
 * chat about each file, and the lender package of a client's checked documents.
 */
@Module({
  imports: [CustomersModule],
  controllers: [FormsController, CommentsController, LenderPackageController],
  providers: [
    ActiveFormProjection,
    FormTemplateProjection,
    DocumentsProjection,
    DocumentsRepository,
    DocumentsService,
    DocumentsAudience,
    Thumbnails,
    LenderPackageService,
    LenderPackageLinks,
  ],
})
export class DocumentsModule {}
