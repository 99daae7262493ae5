import { Module } from '@nestjs/common';
import { CustomerProjection } from './customer.projection.js';

@Module({ providers: [CustomerProjection] })
export class CustomersModule {}
