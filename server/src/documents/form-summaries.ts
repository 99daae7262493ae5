/**
 * What every client row of the clients list shows about the client's forms: the forms' codes (open ones
 * first, newest first), how many files of open forms wait in review, and the newest open form's fields and
 * its files' statuses (the roadmap's progress). The list once worked these out for each row it showed,
 * three look-ups per client and page; `customer_form_summaries` keeps them per client instead, worked out
 * again whenever one of the client's forms or files changes.
 */
export const FORM_SUMMARY_COLUMNS = 'customer_id, form_codes, files_in_review, active_form';

/**
 * The summaries of the clients whose forms `condition` keeps (a condition on `forms` named `f`), in the
 * order of `FORM_SUMMARY_COLUMNS`. Set-based, so that filling the table for every client after a rebuild is
 * a few hash joins rather than three look-ups per client.
 */
export function formSummaries(condition: string): string {
  return `
    WITH fo AS (SELECT f.code, f.customer_id, f.fields, f.is_archived, f.created_at FROM forms f WHERE ${condition}),
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

/** Works out the summary of the client whose form or file `$1` names, with `customerOf` finding the client. */
function refresh(customerOf: string): string {
  return `
    INSERT INTO customer_form_summaries AS s (${FORM_SUMMARY_COLUMNS})
    ${formSummaries(`f.customer_id = (${customerOf})`)}
    ON CONFLICT (customer_id) DO UPDATE
      SET form_codes = EXCLUDED.form_codes, files_in_review = EXCLUDED.files_in_review,
          active_form = EXCLUDED.active_form`;
}

/** Refreshes a client's summary; `$1` is the client. */
export const REFRESH_BY_CUSTOMER = refresh('$1::uuid');
/** Refreshes the summary of the client of the form `$1`. */
export const REFRESH_BY_FORM = refresh('SELECT customer_id FROM forms WHERE code = $1');
/** Refreshes the summary of the client of the file `$1`. */
export const REFRESH_BY_FILE = refresh('SELECT customer_id FROM form_files WHERE id = $1');
