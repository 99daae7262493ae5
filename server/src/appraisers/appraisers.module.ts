import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { AppraisalNotifications } from './appraisal-notifications.js';
import { AppraisalRequestsProjection } from './appraisal-requests.projection.js';
import { AppraiserAssignmentProjection } from './appraiser-assignment.js';
import { AppraiserDirectoryProjection } from './appraiser-directory.projection.js';
import { AppraisersController } from './appraisers.controller.js';
import { AppraisersRepository } from './appraisers.repository.js';
import { AppraisersService } from './appraisers.service.js';

@Module({
  imports: [CustomersModule, NotificationsModule],
  controllers: [AppraisersController],
  providers: [
    AppraiserDirectoryProjection,
    AppraiserAssignmentProjection,
    AppraisalRequestsProjection,
    AppraisalNotifications,
    AppraisersRepository,
    AppraisersService,
  ],
})
export class AppraisersModule {}
