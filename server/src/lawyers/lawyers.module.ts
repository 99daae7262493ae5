import { Module } from '@nestjs/common';
import { LawyerProjection } from './lawyer.projection.js';

@Module({ providers: [LawyerProjection] })
export class LawyersModule {}
