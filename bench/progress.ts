/**
 * A line of the bench's progress, prefixed with the minutes and seconds since the bench began (`began`,
 * epoch ms): where its time goes can be read off the log, against its 15-minute budget. Shared by the bench
 * and the process that prepares its data, so both count from the same start.
 */
export function progressLog(began: number): (line: string) => void {
  return (line: string): void => {
    const seconds = Math.floor((Date.now() - began) / 1000);
    console.log(`[bench ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}] ${line}`);
  };
}
