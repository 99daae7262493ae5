import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module.js';
import { NoteProjection } from './note.projection.js';
import { NotesController } from './notes.controller.js';
import { NotesRepository } from './notes.repository.js';
import { NotesService } from './notes.service.js';

@Module({
  imports: [CustomersModule],
  controllers: [NotesController],
  providers: [NoteProjection, NotesRepository, NotesService],
})
export class NotesModule {}
