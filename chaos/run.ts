/**
 * The long fault run: `npm run chaos` (CHAOS_BUYERS, default 20; CHAOS_SECONDS, default 120;
 * CHAOS_ADYEN_LATENCY_MS: cards through a local Adyen answering that late, instead of the simulator).
 * Prints each fault as it happens, then the figures and what broke (nothing, or it exits 1).
 */
import { runChaos } from './scenario.js';

const report = await runChaos({
  buyers: Number(process.env.CHAOS_BUYERS ?? 20),
  seconds: Number(process.env.CHAOS_SECONDS ?? 120),
  ...(process.env.CHAOS_ADYEN_LATENCY_MS ? { adyenLatencyMs: Number(process.env.CHAOS_ADYEN_LATENCY_MS) } : {}),
  log: (line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`),
});
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
process.exit(Object.keys(report.violations).length === 0 ? 0 : 1);
