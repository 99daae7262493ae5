import { Module } from '@nestjs/common';
import { AppraiserDirectoryProjection } from './appraiser-directory.projection.js';

@Module({ providers: [AppraiserDirectoryProjection] })
export class AppraisersModule {}
