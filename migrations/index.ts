import { EventStore1763700000000 } from './1763700000000-event-store.js';
import { Users1763700000100 } from './1763700000100-users.js';
import { Directory1763700000200 } from './1763700000200-directory.js';
import { ClientsWorkspace1763700000300 } from './1763700000300-clients-workspace.js';
import { Documents1763700000400 } from './1763700000400-documents.js';
import { Assignments1763700000500 } from './1763700000500-assignments.js';
import { PendingPassword1763700000600 } from './1763700000600-pending-password.js';
import { JobOutbox1763700000650 } from './1763700000650-job-outbox.js';
import { ClientListIndexes1763700000700 } from './1763700000700-client-list-indexes.js';
import { ConcurrentAppends1763700000800 } from './1763700000800-concurrent-appends.js';
import { ClientCounts1763700000900 } from './1763700000900-client-counts.js';
import { Team1763700001000 } from './1763700001000-team.js';
import { SecondFactor1763700001200 } from './1763700001200-second-factor.js';
import { Inbox1763700001400 } from './1763700001400-inbox.js';
import { BrokerageSettings1763700001100 } from './1763700001100-brokerage-settings.js';
import { DocumentReminders1763700001300 } from './1763700001300-document-reminders.js';
import { Pipeline1763700001500 } from './1763700001500-pipeline.js';
import { DropClientNameIndex1763700001600 } from './1763700001600-drop-client-name-index.js';
import { ClientSearch1763700001700 } from './1763700001700-client-search.js';
import { CustomerFormSummaries1763700001800 } from './1763700001800-customer-form-summaries.js';
import { AuditTrailReadsTheLog1763700001900 } from './1763700001900-audit-trail-reads-the-log.js';
import { SlimFormSummaries1763700002000 } from './1763700002000-slim-form-summaries.js';
import { ClientCountsByStatus1763700002100 } from './1763700002100-client-counts-by-status.js';
import { StreamVersionCheck1763700002200 } from './1763700002200-stream-version-check.js';
import { LawyersInTheAuditTrail1763700002300 } from './1763700002300-lawyers-in-the-audit-trail.js';
import { SearchFoldsAccents1763700002400 } from './1763700002400-search-folds-accents.js';
import { UsedRecoveryCodes1763700002500 } from './1763700002500-used-recovery-codes.js';
import { ClientSearchChanges1763700002600 } from './1763700002600-client-search-changes.js';
import { UnreadCountsFromIndexes1763700002700 } from './1763700002700-unread-counts-from-indexes.js';

/** Every migration, in order; the data source runs them at start and through `npm run migrate`. */
export const migrations = [
  EventStore1763700000000,
  Users1763700000100,
  Directory1763700000200,
  ClientsWorkspace1763700000300,
  Documents1763700000400,
  Assignments1763700000500,
  PendingPassword1763700000600,
  JobOutbox1763700000650,
  ClientListIndexes1763700000700,
  ConcurrentAppends1763700000800,
  ClientCounts1763700000900,
  Team1763700001000,
  BrokerageSettings1763700001100,
  SecondFactor1763700001200,
  DocumentReminders1763700001300,
  Inbox1763700001400,
  Pipeline1763700001500,
  DropClientNameIndex1763700001600,
  ClientSearch1763700001700,
  CustomerFormSummaries1763700001800,
  AuditTrailReadsTheLog1763700001900,
  SlimFormSummaries1763700002000,
  ClientCountsByStatus1763700002100,
  StreamVersionCheck1763700002200,
  LawyersInTheAuditTrail1763700002300,
  SearchFoldsAccents1763700002400,
  UsedRecoveryCodes1763700002500,
  ClientSearchChanges1763700002600,
  UnreadCountsFromIndexes1763700002700,
];
