import { Module } from '@nestjs/common';
import { UserProjection } from './user.projection.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';

@Module({
  controllers: [UsersController],
  providers: [UsersRepository, UserProjection],
  exports: [UsersRepository],
})
export class UsersModule {}
