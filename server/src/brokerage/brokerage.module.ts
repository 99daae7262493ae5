import { Global, Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { BrokerageAudience } from './brokerage.audience.js';
import { BrokerageController } from './brokerage.controller.js';
import { BrokerageProjection } from './brokerage.projection.js';
import { BrokerageSettingsService } from './brokerage-settings.service.js';

/** The brokerage's details, which pages, messages and links read wherever they are made. */
@Global()
@Module({
  imports: [UsersModule],
  controllers: [BrokerageController],
  providers: [BrokerageSettingsService, BrokerageProjection, BrokerageAudience],
  exports: [BrokerageSettingsService],
})
export class BrokerageModule {}
