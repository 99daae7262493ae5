import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module.js';
import { LawyerAssignmentProjection } from './lawyer-assignment.js';
import { LawyerProjection } from './lawyer.projection.js';
import { LawyersController } from './lawyers.controller.js';
import { LawyersRepository } from './lawyers.repository.js';
import { LawyersService } from './lawyers.service.js';

@Module({
  imports: [CustomersModule],
  controllers: [LawyersController],
  providers: [LawyerProjection, LawyerAssignmentProjection, LawyersRepository, LawyersService],
})
export class LawyersModule {}
