import type { FileStatus, FormField } from '@machines/documents';

export type { FileStatus, FormField };

/** A form set template staff add fields from. */
export interface FormTemplate {
  id: string;
  name: string;
  fields: FormField[];
}

/** A client's document-request form; its code is the secret of the upload link. */
export interface DocumentForm {
  code: string;
  customer: { id: string };
  customer_id: string;
  fields: FormField[];
  is_archived: boolean;
  created: string;
  comments_stat: { comments_unread: number };
  version: number;
}

/** An uploaded document, as the form's history lists it. */
export interface FormFile {
  id: string;
  /** The form field it was uploaded to. */
  name: string;
  caption: string;
  file_name: string;
  file_type: string;
  extension: string;
  size: number;
  created: string;
  status: FileStatus;
  comments_stat: { total: number; comments_unread: number };
  /** A short-lived signed link; `?download=1` downloads it. */
  url: string;
  thumbnail_url: string | null;
}

export interface CommentAuthor {
  id: string;
  first_name: string;
  last_name: string;
  role: string;
  phone_number: string;
  email: string;
  avatar: string | null;
}

/** A chat message about one uploaded file. */
export interface FileComment {
  id: string;
  text: string;
  created: string;
  modified: string;
  author: CommentAuthor;
  /** A short-lived signed link to the attached file. */
  file: string | null;
  file_name: string | null;
  file_type: string | null;
  file_thumbnail: string | null;
}

/** The customer's mortgage team. */
export interface Curator {
  id: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
}

export interface Curators {
  broker: Curator | null;
  assistant: Curator | null;
  lawyer: Curator | null;
  lawyer_status: string;
}
