import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../platform/event-store/event.types.js';
import { InlineProjection } from '../platform/event-store/projection.js';
import { FORM_TEMPLATE_EVENT_TYPES, type FormTemplateCreated } from './form-template.events.js';

@Injectable()
export class FormTemplateProjection extends InlineProjection {
  readonly name = 'form_templates';
  readonly tables = ['form_templates'];
  readonly eventTypes = FORM_TEMPLATE_EVENT_TYPES;

  async apply(stored: StoredEvent, tx: EntityManager): Promise<void> {
    const { data } = stored as StoredEvent & FormTemplateCreated;
    await tx.query(
      'INSERT INTO form_templates (id, name, fields, created_at) VALUES ($1, $2, $3::jsonb, $4)',
      [data.templateId, data.name, JSON.stringify(data.fields), stored.createdAt],
    );
  }
}
