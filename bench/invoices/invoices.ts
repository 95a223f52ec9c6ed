// npm run bench:invoices [-- --sessions 100000 --pdfs 1000] — a card group with N complete sessions in one month
// (SQL generate_series in the server's database, costs stored as the engine stores them) and the targets of issue
// #18: the invoice preview of that group and month <= 2 s; 1,000 PDFs rendered at >= 50 per second. Everything is
// measured over HTTP against the real server (node apps/server/src/main.ts) with a fresh embedded PostgreSQL.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { consoleRequestHeaders, invoicePdfPath, type Invoice } from '@plugboard/contract';
import { createDb } from '../../apps/server/src/db/client.ts';
import { authService } from '../../apps/server/src/modules/auth/auth.service.ts';
import { invoicePdf } from '../../apps/server/src/modules/invoices/invoice-pdf.ts';
import { cores, count, ms, quantile, table } from '../ocpp/figures.ts';
import { cpuSeconds } from '../ocpp/proc-stats.ts';
import { startServer, type ServerProcess } from '../ocpp/server-process.ts';
import { consoleClient } from '../sessions/client.ts';
// Loads fastify's types first, so that the server's `declare module 'fastify'` resolves when typechecked alone.
import type {} from 'fastify';

const { values: args } = parseArgs({
  options: {
    sessions: { type: 'string', default: '100000' },
    pdfs: { type: 'string', default: '1000' },
    previews: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '4' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:invoices -- [options]   (bench/invoices/README.md)
  --sessions N     complete sessions of the card group in the month (100000)
  --previews P     timed previews (10, after 2 unmeasured)
  --pdfs F         PDFs downloaded (1000), sequentially and then --concurrency C at once (4)`);
  process.exit(0);
}
const int = (name: string, value: string, min: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}`);
  return n;
};
const sessions = int('sessions', args.sessions, 1);
const pdfs = int('pdfs', args.pdfs, 1);
const previews = int('previews', args.previews, 1);
const concurrency = int('concurrency', args.concurrency, 1);
const timeZone = 'Europe/Amsterdam';
/** January 2026 in the site's zone: the invoice's period. */
const period = { from: '2025-12-31T23:00:00.000Z', to: '2026-01-31T23:00:00.000Z' };

let server: ServerProcess | undefined;
let db: ReturnType<typeof createDb> | undefined;
const cleanup = async () => {
  await db?.destroy();
  await server?.stop();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
}

async function seed(database: NonNullable<typeof db>) {
  const user = await database
    .insertInto('users')
    .values({
      email: `bench-invoices-${Date.now()}@example.test`,
      password_hash: 'unused',
      company_name: 'Bench Charging BV',
      company_address: 'Kade 1\n1011 AA Amsterdam',
      vat_number: 'NL001234567B01',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await authService(database).create(user.id);
  const site = await database
    .insertInto('sites')
    .values({
      user_id: user.id,
      name: 'Bench depot',
      address: 'Kade 1',
      currency: 'EUR',
      power_capacity_w: 1_000_000,
      phases: 3,
      capacity_l1: 630,
      capacity_l2: 630,
      capacity_l3: 630,
      fixed_cost_e4: 2100,
      fixed_cost_includes_vat: true,
      is_open_load: false,
      contact_name: '',
      contact_email: '',
      help_phone: '',
      time_zone: timeZone,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const charger = await database
    .insertInto('chargers')
    .values({ station_id: site.id, product_code: `BI${Date.now()}`, alias: 'B1', pin_hash: Buffer.alloc(32) })
    .returning(['id', 'product_code'])
    .executeTakeFirstOrThrow();
  const group = await database
    .insertInto('card_groups')
    .values({ station_id: site.id, name: 'Fleet', multiplier_bp: 10_000, is_default: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  // N sessions spread over the month, each with a cost as the engine stores it (net + VAT = gross, rate in the
  // breakdown); every 10th at 9 % VAT, so that the invoice has two charging lines.
  const started = performance.now();
  const spacingS = Math.floor((31 * 86_400 - 3_600) / sessions);
  await sql`
    insert into charging_sessions (station_id, charger_id, charger_alias, product_code, connector_id,
      transaction_id, id_tag, start_time, end_time, meter_start_wh, meter_stop_wh, energy_wh, status, start_by,
      currency, card_group_id, cost_net_minor, cost_vat_minor, cost_gross_minor, cost_breakdown)
    select ${site.id}, ${charger.id}, 'B1', ${charger.product_code}, 1, g.i::text, 'FLEET1',
      ${period.from}::timestamptz + g.i * ${spacingS} * interval '1 second',
      ${period.from}::timestamptz + g.i * ${spacingS} * interval '1 second' + interval '30 minutes',
      0, s.wh, s.wh, 'complete', 'rfid', 'EUR', ${group.id}, s.net, s.vat, s.net + s.vat,
      jsonb_build_object('vatRateBp', s.rate, 'netMinor', s.net, 'vatMinor', s.vat, 'grossMinor', s.net + s.vat)
    from generate_series(1, ${sessions}::int) g(i)
    cross join lateral (select abs(hashint4(g.i)) % 60000 as wh, case when g.i % 10 = 0 then 900 else 2100 end as rate) r
    cross join lateral (select r.wh, r.rate, 50 + round(r.wh * 0.349 / 10)::bigint as net) n
    cross join lateral (select n.wh, n.rate, n.net, round(n.net * n.rate / 10000.0)::bigint as vat) s`.execute(
    database,
  );
  await sql`vacuum analyze charging_sessions`.execute(database);
  console.log(`seeded ${count(sessions)} sessions in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const sums = await sql<{ net: string; vat: string }>`
    select sum(cost_net_minor) as net, sum(cost_vat_minor) as vat from charging_sessions
    where card_group_id = ${group.id}`.execute(database);
  return { stationId: site.id, token, groupId: group.id, sums: sums.rows[0]! };
}

async function main() {
  server = await startServer(path.resolve(import.meta.dirname, '../..'), {});
  db = createDb(server.databaseUrl, { max: 2 });
  const s = await seed(db);
  const baseUrl = server.ocppUrl.replace(/^ws/, 'http').replace(/\/ocpp$/, '');
  const client = consoleClient(baseUrl, s.token);
  const request = {
    stationId: s.stationId,
    customer: { kind: 'group', groupId: s.groupId },
    ...period,
    billTo: { companyName: 'Fleet Co', email: 'billing@fleet.test' },
    description: 'Fleet charging, January',
    fee: { kind: 'perSession', perSession: 0.1 },
  };

  // Preview: the whole month of the group, read, summed and answered.
  type Preview = { sessionCount: number; netMinor: number; vatMinor: number; lines: { kind: string }[] };
  for (let i = 0; i < 2; i++) await client.call('/cms-system/system/invoice/v2/preview', request);
  const times = new Float64Array(previews);
  let preview: Preview | undefined;
  const pid = server.pid;
  const cpuBefore = cpuSeconds(pid);
  const previewStart = performance.now();
  for (let i = 0; i < previews; i++) {
    const t = performance.now();
    preview = (await client.call('/cms-system/system/invoice/v2/preview', request)) as Preview;
    times[i] = performance.now() - t;
  }
  const previewCpuS = cpuSeconds(pid) - cpuBefore;
  const previewCpu = `${cores(previewCpuS, performance.now() - previewStart)} (${ms((previewCpuS * 1000) / previews)} each)`;
  times.sort();
  const charging = preview!.lines.filter((l) => l.kind === 'charging');
  const exact = preview!.sessionCount === sessions && charging.length === 2;
  const p50 = quantile(times, 0.5);
  const max = times[times.length - 1]!;
  console.log(
    `\n${table([
      ['preview', 'sessions', 'p50', 'max', 'server CPU (per preview)', 'target'],
      [
        `card group, 1 month (${previews} calls)`,
        count(preview!.sessionCount),
        ms(p50),
        ms(max),
        previewCpu,
        max <= 2000 ? 'OK (<= 2 s)' : 'SHORT (<= 2 s)',
      ],
    ])}`,
  );
  if (!exact)
    console.error(`the preview billed ${preview!.sessionCount} sessions in ${charging.length} lines`);

  // Issue it (draft, then number), and time that too.
  let t = performance.now();
  const draft = (await client.call('/cms-system/system/invoice/v2/add', request)) as { id: number };
  const addMs = performance.now() - t;
  t = performance.now();
  const issued = (await client.call('/cms-system/system/invoice/v2/issue', {
    stationId: s.stationId,
    id: draft.id,
  })) as { number: string; netMinor: number };
  const issueMs = performance.now() - t;
  console.log(
    `\nadd (draft of ${count(sessions)} sessions): ${ms(addMs)}; issue ${issued.number}: ${ms(issueMs)}`,
  );

  // PDFs of the issued invoice over HTTP: sequentially, then `concurrency` at once.
  const pdf = async () => {
    const response = await fetch(baseUrl + invoicePdfPath, {
      method: 'POST',
      headers: { ...consoleRequestHeaders(invoicePdfPath, s.token), 'content-type': 'application/json' },
      body: JSON.stringify({ stationId: s.stationId, id: draft.id }),
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (
      response.headers.get('content-type') !== 'application/pdf' ||
      body.subarray(0, 5).toString() !== '%PDF-'
    )
      throw new Error(`pdf: HTTP ${response.status} ${body.subarray(0, 200).toString()}`);
    return body.length;
  };
  await pdf();
  // The same invoice as JSON (detail): what a PDF costs beyond reading the invoice.
  const detailStart = performance.now();
  for (let i = 0; i < 50; i++)
    await client.call('/cms-system/system/invoice/v2/detail', { stationId: s.stationId, id: draft.id });
  console.log(`\ndetail (JSON) of the same invoice: ${ms((performance.now() - detailStart) / 50)} per call`);
  // CPU per PDF says what a core would do alone: on a shared machine the wall-clock rate says how busy it was.
  const perCpu = (cpuS: number) => `${ms((cpuS * 1000) / pdfs)} (${(pdfs / cpuS).toFixed(0)}/s)`;
  const rows = [
    ['PDFs', 'count', 'time', 'PDFs/s', 'size', 'server CPU', 'CPU per PDF (PDFs per CPU-s)', 'target'],
  ];
  for (const parallel of [1, concurrency]) {
    const cpu = cpuSeconds(pid);
    const start = performance.now();
    let next = 0;
    let bytes = 0;
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < pdfs) {
          next++;
          bytes = await pdf();
        }
      }),
    );
    const took = performance.now() - start;
    const perSecond = pdfs / (took / 1000);
    rows.push([
      parallel === 1 ? 'one at a time' : `${parallel} at once`,
      count(pdfs),
      `${(took / 1000).toFixed(1)} s`,
      perSecond.toFixed(0),
      `${(bytes / 1024).toFixed(0)} KiB`,
      cores(cpuSeconds(pid) - cpu, took),
      perCpu(cpuSeconds(pid) - cpu),
      perSecond >= 50 ? 'OK (>= 50/s)' : 'SHORT (>= 50/s)',
    ]);
  }
  // The renderer alone, in this process (no HTTP, no database): the issued invoice as the PDF route renders it.
  const invoice = (await client.call('/cms-system/system/invoice/v2/detail', {
    stationId: s.stationId,
    id: draft.id,
  })) as Invoice;
  for (let i = 0; i < 20; i++) await invoicePdf(invoice);
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < pdfs; i++) await invoicePdf(invoice);
  const took = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const perSecond = pdfs / (took / 1000);
  rows.push([
    'render only, in process',
    count(pdfs),
    `${(took / 1000).toFixed(1)} s`,
    perSecond.toFixed(0),
    '',
    `${cores((used.user + used.system) / 1e6, took)} (here)`,
    perCpu((used.user + used.system) / 1e6),
    perSecond >= 50 ? 'OK (>= 50/s)' : 'SHORT (>= 50/s)',
  ]);
  console.log(`\n${table(rows)}`);
  const problems = server.problems();
  if (problems.count > 0)
    console.error(`the server logged ${problems.count} warnings or errors`, problems.byMessage);
}

main()
  .then(cleanup)
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  });
