import { readdirSync, readFileSync } from 'node:fs';
import type { Database } from '../../stack/db/database.ts';

/**
 * Where a phase's CPU went, to tell the server's limit from the load client's: the bench process
 * (the stack, in process, and the writer), the load client process, and the Postgres cluster (all
 * its processes, read from /proc; null on PGlite, which runs inside the bench process, or where
 * /proc is not readable).
 */
export interface PhaseCpu {
  benchMs: number;
  clientMs: number;
  postgresMs: number | null;
  /** CPU ms per 1,000 messages delivered, per process; null when nothing was delivered. */
  perThousand: { bench: number; client: number; postgres: number | null } | null;
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * One process's CPU in clock ticks: its own (utime + stime) and that of its children that exited
 * and were reaped (cutime + cstime); null when it is gone.
 */
function processTicks(pid: number): { ticks: number; reapedTicks: number; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may contain spaces) start after the last ')': state is first.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), reapedTicks: Number(fields[13]) + Number(fields[14]) };
  } catch {
    return null;
  }
}

/** The CPU time of a Postgres cluster: its postmaster and every child, in ms. */
export class ClusterCpu {
  private constructor(private readonly postmaster: number) {}

  /** From any backend's pid (select pg_backend_pid()): its parent is the postmaster. */
  static fromBackend(backendPid: number): ClusterCpu | null {
    const backend = processTicks(backendPid);
    return backend && processTicks(backend.ppid) ? new ClusterCpu(backend.ppid) : null;
  }

  /** Cumulative: the postmaster, its live children, and (through the postmaster) those that exited. */
  totalMs(): number | null {
    const postmaster = processTicks(this.postmaster);
    if (!postmaster) return null;
    let ticks = postmaster.ticks + postmaster.reapedTicks;
    try {
      for (const entry of readdirSync('/proc')) {
        const pid = Number(entry);
        if (!Number.isInteger(pid) || pid === this.postmaster) continue;
        const p = processTicks(pid);
        if (p && p.ppid === this.postmaster) ticks += p.ticks;
      }
    } catch {
      return null;
    }
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  }
}

export function benchCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export function phaseCpu(benchMs: number, clientMs: number, postgresMs: number | null, delivered: number): PhaseCpu {
  const per = (ms: number) => Math.round((ms * 1000 * 10) / delivered) / 10;
  return {
    benchMs: Math.round(benchMs),
    clientMs: Math.round(clientMs),
    postgresMs: postgresMs === null ? null : Math.round(postgresMs),
    perThousand: delivered > 0 ? { bench: per(benchMs), client: per(clientMs), postgres: postgresMs === null ? null : per(postgresMs) } : null,
  };
}

/**
 * The bench process's and a cluster's CPU between start() and end(), summed over every window
 * measured with it (one phase, or one path's interleaved windows). `postgresMs` is null without a
 * cluster (PGlite) or once a reading failed.
 */
export class CpuWindows {
  benchMs = 0;
  postgresMs: number | null = 0;
  private bench0 = 0;
  private pg0: number | null = null;

  constructor(private readonly cluster: ClusterCpu | null) {
    if (!cluster) this.postgresMs = null;
  }

  start(): void {
    this.bench0 = benchCpuMs();
    this.pg0 = this.cluster?.totalMs() ?? null;
  }

  end(): void {
    this.benchMs += benchCpuMs() - this.bench0;
    const pg1 = this.cluster?.totalMs() ?? null;
    this.postgresMs = this.postgresMs === null || this.pg0 === null || pg1 === null ? null : this.postgresMs + (pg1 - this.pg0);
  }
}

/** The CPU of the cluster behind a stack's database handle; null on PGlite (in process) or without /proc. */
export async function clusterCpuOf(db: Database): Promise<ClusterCpu | null> {
  if (db.kind !== 'postgres') return null;
  const { rows } = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
  return ClusterCpu.fromBackend(rows[0].pid);
}
