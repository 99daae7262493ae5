import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { DemoContentSeeder } from './demo-content.js';
import { SeedService } from './seed.service.js';

@Module({
  imports: [AuthModule, UsersModule],
  providers: [SeedService, DemoContentSeeder],
  exports: [SeedService],
})
export class SeedModule {}
