import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { PasswordService } from './password.service.js';
import { SecondFactorController } from './second-factor.controller.js';
import { SecondFactorService } from './second-factor.service.js';
import { SessionProjection } from './session.projection.js';
import { SessionsRepository } from './sessions.repository.js';

@Module({
  imports: [UsersModule],
  controllers: [AuthController, SecondFactorController],
  providers: [AuthService, PasswordService, SecondFactorService, SessionProjection, SessionsRepository],
  exports: [AuthService, PasswordService, SessionsRepository],
})
export class AuthModule {}
