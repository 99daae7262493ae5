import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { TeamAudience } from './team.audience.js';
import { OwnBrokerCodesController } from './own-broker-codes.controller.js';
import { TeamController } from './team.controller.js';
import { TeamHistoryProjection } from './team-history.projection.js';
import { TeamRepository } from './team.repository.js';
import { TeamService } from './team.service.js';

/** Staff management by principal brokers: the team page's list, changes and their history. */
@Module({
  // The users projection registers before the team history's, which reads the row it wrote.
  imports: [UsersModule, AuthModule],
  controllers: [TeamController, OwnBrokerCodesController],
  providers: [TeamService, TeamRepository, TeamHistoryProjection, TeamAudience],
})
export class TeamModule {}
