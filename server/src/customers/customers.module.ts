import { forwardRef, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { ClientBrokers } from './client-brokers.js';
import { CustomerAudience } from './customer.audience.js';
import { CustomerHistoryController } from './customer-history.controller.js';
import { CustomerHistoryProjection } from './customer-history.projection.js';
import { CustomerNotifications } from './customer-notifications.js';
import { CustomerProjection } from './customer.projection.js';
import { CustomerSelfController } from './customer-self.controller.js';
import { CustomerSelfService } from './customer-self.service.js';
import { CustomersController } from './customers.controller.js';
import { CustomersRepository } from './customers.repository.js';
import { KeptPositions } from './kept-positions.js';
import { KeptSearches } from './kept-searches.js';
import { CustomersService } from './customers.service.js';
import { CustomerHistoryRepository } from './customer-history.repository.js';
import { CustomerHistoryService } from './customer-history.service.js';

@Module({
  imports: [AuthModule, UsersModule, forwardRef(() => NotificationsModule)],
  // The self routes come first so that `customers/me/` is not read as a client id.
  controllers: [CustomerSelfController, CustomerHistoryController, CustomersController],
  providers: [
    CustomerProjection,
    CustomerHistoryProjection,
    CustomerHistoryRepository,
    CustomerHistoryService,
    CustomersRepository,
    KeptSearches,
    KeptPositions,
    CustomersService,
    CustomerSelfService,
    CustomerAudience,
    ClientBrokers,
    CustomerNotifications,
  ],
  exports: [CustomersService, CustomersRepository, ClientBrokers],
})
export class CustomersModule {}
