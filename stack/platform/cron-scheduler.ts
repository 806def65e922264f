import type { Database } from '../db/database.ts';
import type { Logger } from '../log.ts';
import { nextFieldsRun, parseSchedule, type CronSchedule } from './cron-schedule.ts';

interface JobRow {
  jobid: string;
  schedule: string;
  command: string;
  username: string;
  active: boolean;
}

interface Job extends JobRow {
  parsed: CronSchedule | null;
  /** When the job is next due (ms), or null: never again (@reboot after its run, an inactive job). */
  due: number | null;
  running: Promise<void> | null;
  /** A five-field run came due while the job ran: pg_cron starts it when the running one ends. */
  pending: boolean;
  /** When the job's last run ended (ms). */
  endedAt: number;
}

/** The longest the scheduler sleeps at once, so that a changed wall clock is noticed within an hour. */
const MAX_SLEEP_MS = 3_600_000;

/**
 * pg_cron's background worker, run by the stack (stack/db/bootstrap/52_pg_cron.sql) on PGlite and on
 * Postgres alike: it reads cron.job, sleeps until the next job is due (a timer, no polling; an idle
 * database with no jobs has no timer at all), runs each due job's command as the job's owner
 * (Database.runScript: on Postgres a connection of its own, so a slow job holds neither a pooled
 * connection nor the event loop), and records every run in cron.job_run_details. A job runs once at
 * a time: an interval job due while it still runs skips that run, and a five-field job runs its
 * missed run when the running one ends (pg_cron queues it). Jobs are read again when cron.job
 * changes (its trigger notifies on commit). Runs that a stopped stack left unfinished are marked
 * failed on start, as pg_cron marks them after a server restart.
 */
export class CronScheduler {
  private readonly jobs = new Map<string, Job>();
  /** Every run in progress, also of jobs unscheduled meanwhile. */
  private readonly runs = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private reloading: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | null = null;

  private constructor(
    private readonly db: Database,
    private readonly log: Logger,
  ) {}

  static async start(db: Database, log: Logger): Promise<CronScheduler> {
    const scheduler = new CronScheduler(db, log);
    await db.query(
      "update cron.job_run_details set status = 'failed', return_message = 'server restarted', end_time = coalesce(end_time, now()) where status in ('starting', 'running')",
    );
    scheduler.unlisten = await db.listen('stack_cron_jobs', () => void scheduler.reload());
    await scheduler.reload();
    return scheduler;
  }

  /** Reads cron.job again; reloads run one after another. */
  reload(): Promise<void> {
    this.reloading = this.reloading.then(() => this.read()).catch((e: unknown) => this.log.error('pg_cron: reading cron.job failed', e));
    return this.reloading;
  }

  private async read(): Promise<void> {
    if (this.stopped) return;
    const { rows } = await this.db.query<JobRow>(
      'select jobid::text as jobid, schedule, command, username, active from cron.job where database = current_database()',
    );
    const now = Date.now();
    const seen = new Set<string>();
    for (const row of rows) {
      seen.add(row.jobid);
      const known = this.jobs.get(row.jobid);
      const rescheduled = !known || known.schedule !== row.schedule || known.active !== row.active;
      // The same object stays in the map while the job exists: its run in progress clears `running` on it.
      const job: Job = known ?? { ...row, parsed: null, due: null, running: null, pending: false, endedAt: 0 };
      Object.assign(job, row);
      if (rescheduled) {
        job.parsed = parseSchedule(row.schedule);
        if (!job.parsed) this.log.error(`pg_cron: job ${row.jobid} has an invalid schedule "${row.schedule}"; it will not run`);
        job.due = row.active && job.parsed ? this.firstDue(job.parsed, now) : null;
        job.pending = false;
      }
      this.jobs.set(row.jobid, job);
    }
    for (const id of [...this.jobs.keys()]) if (!seen.has(id)) this.jobs.delete(id);
    this.arm();
  }

  /** Interval and @reboot jobs start as soon as they are read (pg_cron starts them with the worker). */
  private firstDue(s: CronSchedule, now: number): number | null {
    if (s.kind === 'fields') return nextFieldsRun(s, now);
    return now;
  }

  private nextDue(job: Job, due: number, now: number): number | null {
    const s = job.parsed;
    if (!s || s.kind === 'reboot') return null;
    if (s.kind === 'fields') return nextFieldsRun(s, now);
    let next = due + s.seconds * 1000;
    if (next <= now) next += Math.ceil((now - next + 1) / (s.seconds * 1000)) * s.seconds * 1000;
    return next;
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped) return;
    let earliest: number | null = null;
    for (const job of this.jobs.values()) if (job.due !== null && (earliest === null || job.due < earliest)) earliest = job.due;
    if (earliest === null) return;
    this.timer = setTimeout(() => this.tick(), Math.min(MAX_SLEEP_MS, Math.max(0, earliest - Date.now())));
    this.timer.unref();
  }

  private tick(): void {
    this.timer = null;
    const now = Date.now();
    for (const job of this.jobs.values()) {
      if (job.due === null || job.due > now) continue;
      const due = job.due;
      job.due = this.nextDue(job, due, now);
      // A time that came while the job ran counts as due while running, even when the timer only
      // fires after the run (PGlite runs SQL on the event loop's thread, so no timer fires during it).
      const cameWhileRunning = job.running !== null || due < job.endedAt;
      if (!cameWhileRunning) this.launch(job);
      else if (job.parsed?.kind === 'fields') {
        if (job.running) job.pending = true;
        else this.launch(job);
      }
    }
    this.arm();
  }

  private launch(job: Job): void {
    const run: Promise<void> = this.run(job).finally(() => {
      this.runs.delete(run);
      job.running = null;
      job.endedAt = Date.now();
      if (job.pending && !this.stopped && this.jobs.get(job.jobid) === job) {
        job.pending = false;
        this.launch(job);
      }
    });
    job.running = run;
    this.runs.add(run);
  }

  private async run(job: Job): Promise<void> {
    const { jobid, username, command } = job;
    let runid: string;
    try {
      const started = await this.db.query<{ runid: string }>(
        `insert into cron.job_run_details (jobid, database, username, command, status, start_time)
         values ($1::bigint, current_database(), $2, $3, 'running', now()) returning runid::text as runid`,
        [jobid, username, command],
      );
      runid = started.rows[0].runid;
    } catch (e) {
      this.log.error(`pg_cron: cannot record a run of job ${jobid}`, e);
      return;
    }
    let status = 'succeeded';
    let message: string;
    let pid: number | null = null;
    try {
      const outcome = await this.db.runScript(username, command);
      message = outcome.message;
      pid = outcome.pid;
    } catch (e) {
      status = 'failed';
      message = (e as Error).message;
    }
    await this.db
      .query('update cron.job_run_details set status = $2, return_message = $3, job_pid = $4, end_time = now() where runid = $1::bigint', [runid, status, message, pid])
      .catch((e: unknown) => this.log.error(`pg_cron: cannot record the end of run ${runid}`, e));
  }

  /** No new runs; runs in progress finish (and are recorded) before the database closes. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.unlisten?.();
    await this.reloading;
    while (this.runs.size > 0) await Promise.allSettled([...this.runs]);
  }
}
