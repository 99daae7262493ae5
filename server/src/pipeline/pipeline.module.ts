import { Module } from '@nestjs/common';
import { ClientStatusPeriodsProjection } from './client-status-periods.projection.js';
import { PipelineController } from './pipeline.controller.js';
import { PipelineRepository } from './pipeline.repository.js';
import { PipelineService } from './pipeline.service.js';

/** The Pipeline page: figures computed from the stays of clients in statuses and their documents. */
@Module({
  controllers: [PipelineController],
  providers: [PipelineService, PipelineRepository, ClientStatusPeriodsProjection],
})
export class PipelineModule {}
