import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { CustomerAudience } from './customer.audience.js';
import { CustomerHistoryController } from './customer-history.controller.js';
import { CustomerHistoryProjection } from './customer-history.projection.js';
import { CustomerNotifications } from './customer-notifications.js';
import { CustomerProjection } from './customer.projection.js';
import { CustomerSelfController } from './customer-self.controller.js';
import { CustomersController } from './customers.controller.js';
import { CustomersRepository } from './customers.repository.js';
import { CustomersService } from './customers.service.js';
import { EventLogController } from './event-log.controller.js';

@Module({
  imports: [AuthModule, UsersModule, NotificationsModule],
  // The self routes come first so that `customers/me/` is not read as a client id.
  controllers: [CustomerSelfController, CustomerHistoryController, CustomersController, EventLogController],
  providers: [
    CustomerProjection,
    CustomerHistoryProjection,
    CustomersRepository,
    CustomersService,
    CustomerAudience,
    CustomerNotifications,
  ],
  exports: [CustomersService, CustomersRepository],
})
export class CustomersModule {}
