import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  type ClientUpdate,
  type ClientUpdates,
  CUSTOMER_UPDATE_TYPES,
  STAFF_UPDATE_TYPES,
  type UnreadConversation,
  type UnreadMessages,
  type UpdateType,
} from '../../../machines/inbox.js';

class UnreadConversationDoc implements UnreadConversation {
  @ApiProperty({ enum: ['notes', 'chat'] }) kind: 'notes' | 'chat';
  @ApiProperty({ format: 'uuid' }) customer_id: string;
  @ApiProperty() client_name: string;
  @ApiProperty({ type: String, nullable: true, description: "A chat's upload form." }) code: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) file_id: string | null;
  @ApiProperty({ type: String, nullable: true }) file_name: string | null;
  @ApiProperty({ description: 'Messages by others after the reader’s mark.' }) unread: number;
  @ApiProperty({ format: 'date-time' }) last_at: string;
}

export class UnreadMessagesDoc implements UnreadMessages {
  @ApiProperty({ description: 'Every unread message across the conversations (the badge).' }) unread: number;
  @ApiProperty({ type: [UnreadConversationDoc], description: 'Newest first, at most 20.' })
  conversations: UnreadConversation[];
}

class ActorDoc {
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
}

class UpdateDetailsDoc {
  @ApiPropertyOptional({ description: "The document's caption (file events, chat replies)." })
  caption?: string;
  @ApiPropertyOptional({ description: 'The status before (status changes).' }) from?: string;
  @ApiPropertyOptional({ description: 'The status after (status changes).' }) to?: string;
}

class ClientUpdateDoc implements ClientUpdate {
  @ApiProperty({ description: 'The position in the log.' }) position: number;
  @ApiProperty({ enum: [...STAFF_UPDATE_TYPES, ...CUSTOMER_UPDATE_TYPES] }) type: UpdateType;
  @ApiProperty({ format: 'uuid' }) customer_id: string;
  @ApiProperty() client_name: string;
  @ApiProperty({ format: 'date-time' }) created: string;
  @ApiProperty({ type: ActorDoc, nullable: true }) actor: { first_name: string; last_name: string } | null;
  @ApiProperty({ type: UpdateDetailsDoc, description: 'What the line needs.' })
  details: Record<string, unknown>;
  @ApiProperty({ description: 'After the reader’s mark.' }) unread: boolean;
  @ApiProperty({ type: String, nullable: true, description: "A file's upload form." }) code: string | null;
}

export class ClientUpdatesDoc implements ClientUpdates {
  @ApiProperty({ description: 'Updates after the reader’s mark, counted up to 100.' }) unread: number;
  @ApiProperty({ type: [ClientUpdateDoc], description: 'The newest 20, read or not.' }) items: ClientUpdate[];
}
