import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { Clock } from './clock.js';
import { PasswordService } from './password.service.js';
import { SessionProjection } from './session.projection.js';
import { SessionsRepository } from './sessions.repository.js';

@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [AuthService, Clock, PasswordService, SessionProjection, SessionsRepository],
  exports: [AuthService, PasswordService, SessionsRepository],
})
export class AuthModule {}
