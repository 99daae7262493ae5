/**
 * Query keys of the assignment lists; everything about one client sits under its id. What a lawyer or
 * appraiser change refreshes, live, is in the refresh table (api/refresh-table.ts).
 */
export { appraiserKeys, lawyerKeys } from '../../api/query-keys';
