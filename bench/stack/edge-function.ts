import type { SupabaseClient } from '@supabase/supabase-js';
import { timeOnce, timeSequential } from './latency.ts';
import type { BenchSettings } from './settings.ts';
import { round, type LatencySummary } from './stats.ts';

/** bench/fixture/supabase/functions/bench-ping */
export const BENCH_FUNCTION = 'bench-ping';

export interface FunctionLatency {
  /** The first invocation after the stack started: the Deno worker's spawn is included. */
  coldMs: number;
  warm: LatencySummary;
}

async function invokePing(supabase: SupabaseClient): Promise<void> {
  const { data, error } = await supabase.functions.invoke<{ ok: boolean }>(BENCH_FUNCTION);
  if (error) throw new Error(`functions/v1/${BENCH_FUNCTION} failed: ${error.message}`);
  if (data?.ok !== true) throw new Error(`functions/v1/${BENCH_FUNCTION} answered ${JSON.stringify(data)}`);
}

/** Must run before anything else calls the function on this stack, or the cold figure is a warm one. */
export async function measureFunctionLatency(supabase: SupabaseClient, settings: BenchSettings): Promise<FunctionLatency> {
  const coldMs = await timeOnce(() => invokePing(supabase));
  const warm = await timeSequential(() => invokePing(supabase), {
    warmupCalls: settings.functionWarmupCalls,
    calls: settings.functionCalls,
    budgetMs: settings.functionBudgetMs,
  });
  return { coldMs: round(coldMs), warm };
}
