import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, PlatformStack } from './platform-helpers.ts';
import { isLocalStack } from './realtime-helpers.ts';

// pg_cron 1.6 as hosted Supabase runs it: postgres schedules SQL by cron fields or every N seconds,
// each job runs once at a time as its owner, and every run is recorded in cron.job_run_details.
describe.skipIf(!isLocalStack)('pg_cron', () => {
  let platform: PlatformStack;

  beforeAll(async () => {
    platform = await PlatformStack.start();
    await platform.db.exec(`
      create extension if not exists pg_cron;
      create table public.cron_ticks (id bigserial primary key, source text not null, at timestamptz not null default clock_timestamp());
    `);
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  interface Run {
    runid: string;
    status: string;
    return_message: string | null;
    start_time: Date | null;
    end_time: Date | null;
    username: string;
  }

  const runsOf = async (jobid: string) =>
    (
      await platform.db.query<Run>(
        'select runid::text as runid, status, return_message, start_time, end_time, username from cron.job_run_details where jobid = $1::bigint order by runid',
        [jobid],
      )
    ).rows;

  const ticks = async (source: string) =>
    Number((await platform.db.query<{ n: string }>('select count(*)::text as n from public.cron_ticks where source = $1', [source])).rows[0].n);

  const schedule = async (name: string, when: string, command: string) =>
    String((await platform.db.query<{ id: string }>('select cron.schedule($1, $2, $3) as id', [name, when, command])).rows[0].id);

  /** Waits until a job has `count` finished runs and answers them. */
  const finishedRuns = (jobid: string, count: number, timeoutMs = 15_000) =>
    eventually(`${count} finished runs of job ${jobid}`, async () => {
      const runs = (await runsOf(jobid)).filter((r) => r.end_time !== null);
      return runs.length >= count ? runs : undefined;
    }, timeoutMs);

  it('runs a seconds job as its owner and records each run', async () => {
    const id = await schedule('tick', '1 seconds', "insert into public.cron_ticks (source) values ('tick')");
    const runs = await finishedRuns(id, 2);
    for (const run of runs.slice(0, 2)) {
      expect(run).toMatchObject({ status: 'succeeded', return_message: 'INSERT 0 1', username: 'postgres' });
      expect(run.end_time!.getTime()).toBeGreaterThanOrEqual(run.start_time!.getTime());
    }
    expect(await ticks('tick')).toBeGreaterThanOrEqual(2);
    const job = await platform.db.query('select schedule, command, username, active, jobname from cron.job where jobid = $1::bigint', [id]);
    expect(job.rows[0]).toMatchObject({ schedule: '1 seconds', username: 'postgres', active: true, jobname: 'tick' });
    expect(await platform.db.query("select cron.unschedule('tick') as ok").then((r) => r.rows[0])).toEqual({ ok: true });
  });

  it('replaces a job of the same name, keeping its id', async () => {
    const first = await schedule('replace-me', '59 seconds', "insert into public.cron_ticks (source) values ('old')");
    await finishedRuns(first, 1);
    const second = await schedule('replace-me', '1 seconds', "insert into public.cron_ticks (source) values ('new')");
    expect(second).toBe(first);
    expect((await platform.db.query("select 1 from cron.job where jobname = 'replace-me'")).rows).toHaveLength(1);
    await eventually('a run of the new command', async () => ((await ticks('new')) > 0 ? true : undefined));
    await platform.db.query('select cron.unschedule($1::bigint)', [first]);
  });

  it('unschedules by name and by id; no run follows', async () => {
    const byName = await schedule('stop-by-name', '1 seconds', "insert into public.cron_ticks (source) values ('by-name')");
    const byId = await schedule('stop-by-id', '1 seconds', "insert into public.cron_ticks (source) values ('by-id')");
    await finishedRuns(byName, 1);
    await finishedRuns(byId, 1);
    expect((await platform.db.query("select cron.unschedule('stop-by-name') as ok")).rows[0]).toEqual({ ok: true });
    expect((await platform.db.query('select cron.unschedule($1::bigint) as ok', [byId])).rows[0]).toEqual({ ok: true });
    const after = { name: (await runsOf(byName)).length, id: (await runsOf(byId)).length };
    // A job scheduled after them runs twice: the scheduler has passed their due times by then.
    const probe = await schedule('probe', '1 seconds', 'select 1');
    await finishedRuns(probe, 2);
    expect((await runsOf(byName)).length).toBe(after.name);
    expect((await runsOf(byId)).length).toBe(after.id);
    await expect(platform.db.query("select cron.unschedule('stop-by-name')")).rejects.toThrow("could not find valid entry for job 'stop-by-name'");
    await platform.db.query("select cron.unschedule('probe')");
  });

  it('accepts five-field schedules and refuses invalid ones', async () => {
    const id = String((await platform.db.query<{ id: string }>("select cron.schedule('*/5 * * * *', 'select 1') as id")).rows[0].id);
    expect((await platform.db.query("select cron.schedule('nightly', '30 3 * * sat', 'vacuum') as id")).rows).toHaveLength(1);
    expect((await platform.db.query("select cron.schedule('month-end', '0 23 $ * *', 'select 1') as id")).rows).toHaveLength(1);
    for (const bad of ['61 * * * *', '* * * *', '0 seconds', '60 seconds', 'every minute']) {
      await expect(platform.db.query("select cron.schedule('bad', $1, 'select 1')", [bad]), bad).rejects.toThrow(`invalid schedule: ${bad}`);
    }
    await platform.db.query("select cron.unschedule($1::bigint), cron.unschedule('nightly'), cron.unschedule('month-end')", [id]);
  });

  it('alters a job: paused, then resumed on another schedule and command', async () => {
    const id = await schedule('alter-me', '1 seconds', "insert into public.cron_ticks (source) values ('before-alter')");
    await finishedRuns(id, 1);
    await platform.db.query('select cron.alter_job($1::bigint, active := false)', [id]);
    const paused = (await runsOf(id)).length;
    const probe = await schedule('alter-probe', '1 seconds', 'select 1');
    await finishedRuns(probe, 2);
    expect((await runsOf(id)).length).toBe(paused);
    await platform.db.query("select cron.alter_job($1::bigint, schedule := '2 seconds', command := $2, active := true)", [
      id,
      "insert into public.cron_ticks (source) values ('after-alter')",
    ]);
    await eventually('a run of the altered job', async () => ((await ticks('after-alter')) > 0 ? true : undefined));
    expect((await platform.db.query('select schedule from cron.job where jobid = $1::bigint', [id])).rows[0]).toEqual({ schedule: '2 seconds' });
    await platform.db.query("select cron.unschedule('alter-me'), cron.unschedule('alter-probe')");
  });

  it('records a failing command and keeps running the others', async () => {
    const failing = await schedule('fails', '1 seconds', 'select 1 / 0');
    const other = await schedule('still-runs', '1 seconds', "insert into public.cron_ticks (source) values ('still-runs')");
    const runs = await finishedRuns(failing, 2);
    expect(runs[0]).toMatchObject({ status: 'failed' });
    expect(runs[0].return_message).toMatch(/division by zero/);
    await finishedRuns(other, 2);
    expect((await runsOf(other)).every((r) => r.status !== 'failed')).toBe(true);
    await platform.db.query("select cron.unschedule('fails'), cron.unschedule('still-runs')");
  });

  it('runs a job once at a time: a run due while the last one runs is skipped', async () => {
    const id = await schedule('slow', '1 seconds', 'select pg_sleep(1.5)');
    const runs = await finishedRuns(id, 3, 20_000);
    await platform.db.query("select cron.unschedule('slow')");
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i].start_time!.getTime()).toBeGreaterThanOrEqual(runs[i - 1].end_time!.getTime());
    }
    // Due every second, but each run takes 1.5 s: two runs start at least 2 s apart.
    expect(runs[2].start_time!.getTime() - runs[0].start_time!.getTime()).toBeGreaterThanOrEqual(3_900);
    expect(runs.every((r) => r.status === 'succeeded' && r.return_message === '1 row')).toBe(true);
  }, 30_000);

  for (const role of ['anon', 'authenticated'] as const) {
    it(`shows ${role} nothing and lets it schedule nothing`, async () => {
      for (const sql of ['select * from cron.job', 'select * from cron.job_run_details', "select cron.schedule('x', '1 seconds', 'select 1')"]) {
        await expect(platform.db.asRole({ role, claims: { role } }, (tx) => tx.query(sql)), sql).rejects.toMatchObject({ code: '42501' });
      }
    });
  }

  it('keeps its jobs across a restart of the stack', async () => {
    const id = await schedule('survivor', '1 seconds', "insert into public.cron_ticks (source) values ('survivor')");
    await finishedRuns(id, 1);
    await platform.restart();
    const restartedAt = new Date();
    await eventually('a run after the restart', async () =>
      (await runsOf(id)).some((r) => r.end_time !== null && r.start_time!.getTime() >= restartedAt.getTime() - 1000) ? true : undefined,
    );
    // A run in flight when the stack stopped is marked failed with 'server restarted' on start, as
    // pg_cron marks its unfinished runs; every other finished run succeeded (the job runs every
    // second, so the newest may still be running).
    const finished = (await runsOf(id)).filter((r) => r.end_time !== null);
    expect(finished.filter((r) => r.status !== 'succeeded' && !(r.status === 'failed' && r.return_message === 'server restarted'))).toEqual([]);
    await platform.db.query("select cron.unschedule('survivor')");
  }, 180_000);
});
