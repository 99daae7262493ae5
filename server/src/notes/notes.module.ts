import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module.js';
import { NoteProjection } from './note.projection.js';
import { NotesController } from './notes.controller.js';

@Module({
  imports: [CustomersModule],
  controllers: [NotesController],
  providers: [NoteProjection],
})
export class NotesModule {}
