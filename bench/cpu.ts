import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of `/proc/<pid>/stat`'s CPU times: 100 on Linux for every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** CPU time a process has used so far, in ms, or null when it is gone (or this is not Linux). */
function cpuOf(pid: number): number | null {
  try {
    // The command name may hold spaces and parentheses; the fields after its closing one are fixed.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

function postgresPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres');
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

/** CPU used so far by the product's server and by each PostgreSQL process on this machine. */
export interface CpuSample {
  server: number | null;
  postgres: Map<number, number>;
}

export function sampleCpu(serverPid: number): CpuSample {
  const postgres = new Map<number, number>();
  for (const pid of postgresPids()) {
    const used = cpuOf(pid);
    if (used !== null) postgres.set(pid, used);
  }
  return { server: cpuOf(serverPid), postgres };
}

/**
 * CPU the server and PostgreSQL used between two samples, in ms. PostgreSQL's counts the processes present
 * at both, which the product's pooled connections are; one that ended meanwhile took its time with it.
 */
export function cpuBetween(before: CpuSample, after: CpuSample): { server: number; postgres: number } | null {
  if (before.server === null || after.server === null) return null;
  let postgres = 0;
  for (const [pid, used] of after.postgres) {
    const earlier = before.postgres.get(pid);
    if (earlier !== undefined) postgres += used - earlier;
  }
  return { server: after.server - before.server, postgres };
}
