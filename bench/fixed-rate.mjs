#!/usr/bin/env node
// The server's CPU per request at a fixed offered load, the product's no-op route against the bare
// route, window after window in turn: below saturation neither the load generator nor the
// machine's other tenants set the pace, so the ratio of the two CPU costs is steadier than a ratio
// of requests per second. Each server is a process of its own, and so is each load generator.
// Usage (after the build): node bench/fixed-rate.mjs [--rate 30000] [--pairs 4] [--duration 5]
import { arg, main, requireBuild, runChild, startBare, startServer } from './lib.mjs';

const rate = arg('rate', 30_000);
const pairs = arg('pairs', 4);
const duration = arg('duration', 5);
requireBuild();
const bare = await startBare();
const product = await startServer();
try {
  const window = (server, seconds, warmup = 1) =>
    runChild('bench/load.mjs', {
      base: server.base,
      serverPid: server.pid,
      path: '/api/bench/ping',
      connections: 16,
      duration: seconds,
      warmup,
      rate,
      db: null,
    });
  // Warm both (the JIT), unmeasured.
  await window(bare, 3, 0);
  await window(product, 3, 0);
  console.log(`fixed rate: ${main}, ${rate} req/s offered, ${pairs} pairs of ${duration} s windows`);
  console.log(
    '| pair | bare req/s | bare CPU µs/req | no-op req/s | no-op CPU µs/req | bare CPU ÷ no-op CPU |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
  for (let i = 1; i <= pairs; i++) {
    const b = await window(bare, duration);
    const p = await window(product, duration);
    const us = (r) => (r.serverCpuPerReq * 1e6).toFixed(1);
    console.log(
      `| ${i} | ${Math.round(b.rps)} | ${us(b)} | ${Math.round(p.rps)} | ${us(p)} | ${(b.serverCpuPerReq / p.serverCpuPerReq).toFixed(2)} |`,
    );
  }
} finally {
  await product.stop();
  await bare.stop();
}
