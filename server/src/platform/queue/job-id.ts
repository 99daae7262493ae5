/** One id per job, the same in PostgreSQL and Redis (BullMQ refuses ':' in custom ids). */
export function outboxJobId(name: string, jobId: string): string {
  return `${name}-${jobId}`.replace(/:/g, '-');
}
