import type { FormEvent, FormFileEvent } from './form.events.js';

/**
 * What every client row of the clients list shows about the client's forms: the forms' codes (open ones
 * first, newest first), how many files of open forms wait in review, and the newest open form's fields and
 * its files' statuses (the roadmap's progress). The list once worked these out for each row it showed,
 * three look-ups per client and page; `customer_form_summaries` keeps them per client instead, worked out
 * again whenever one of the client's forms or files changes.
 *
 * Of the form's fields it keeps only what the progress reads, each field's name and whether it is disabled:
 * captions and tutorials made the whole field list five times larger, and every page of the list read and
 * parsed them for each of its rows (about a tenth of the server's time for a page of ten).
 */
export const FORM_SUMMARY_COLUMNS = 'customer_id, form_codes, files_in_review, active_form';

/**
 * The summaries of the clients whose forms `condition` keeps (a condition on `forms` named `f`), in the
 * order of `FORM_SUMMARY_COLUMNS`. Set-based, so that filling the table for every client after a rebuild is
 * a few hash joins rather than three look-ups per client.
 */
export function formSummaries(condition: string): string {
  return `
    WITH fo AS (
           SELECT f.code, f.customer_id, f.is_archived, f.created_at,
                  (SELECT COALESCE(jsonb_agg(jsonb_build_object('name', x.field->'name', 'disabled', x.field->'disabled')
                                   ORDER BY x.place), '[]'::jsonb)
                     FROM jsonb_array_elements(f.fields) WITH ORDINALITY AS x(field, place)) AS fields
             FROM forms f WHERE ${condition}),
         files AS (
           SELECT ff.code,
                  json_agg(DISTINCT jsonb_build_object('field', ff.field_name, 'status', ff.status)) AS statuses,
                  count(*) FILTER (WHERE ff.status = 'in_review') AS in_review
             FROM form_files ff JOIN fo ON fo.code = ff.code
            GROUP BY ff.code)
    SELECT fo.customer_id,
           jsonb_agg(fo.code ORDER BY fo.is_archived, fo.created_at DESC),
           COALESCE(sum(files.in_review) FILTER (WHERE NOT fo.is_archived), 0)::int,
           (array_agg(jsonb_build_object('fields', fo.fields, 'files', COALESCE(files.statuses, '[]'::json))
              ORDER BY fo.created_at DESC) FILTER (WHERE NOT fo.is_archived))[1]
      FROM fo LEFT JOIN files ON files.code = fo.code
     GROUP BY fo.customer_id`;
}

/** Fills the empty table for every client with forms, after a rebuild's replay or when the table is made. */
export const FILL_FORM_SUMMARIES = `INSERT INTO customer_form_summaries (${FORM_SUMMARY_COLUMNS}) ${formSummaries('true')}`;

/** Works out again the summary of the client `$1`. */
export const REFRESH_FORM_SUMMARY = `
  INSERT INTO customer_form_summaries AS s (${FORM_SUMMARY_COLUMNS})
  ${formSummaries('f.customer_id = $1::uuid')}
  ON CONFLICT (customer_id) DO UPDATE
    SET form_codes = EXCLUDED.form_codes, files_in_review = EXCLUDED.files_in_review,
        active_form = EXCLUDED.active_form`;

/** The events that change a summary; each names its client (`customerId`). */
export const SUMMARISED_EVENT_TYPES: ReadonlySet<string> = new Set<(FormEvent | FormFileEvent)['type']>([
  'form.created',
  'form.fields_saved',
  'form.archived',
  'form_file.uploaded',
  'form_file.status_changed',
]);
