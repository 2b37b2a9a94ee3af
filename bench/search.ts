/**
 * The dashboard's search and export over 100,000 payments (issue 32): each search of the box (an
 * id, a reference prefix, a card's last four, a buyer's e-mail by its digest), a filter in major
 * units and a deep page, timed against the dashboard's normal page (the first page of payments,
 * unfiltered) on the same data; then the CSV export of all of them, streamed.
 *
 *   npm run bench:search    (DATABASE_URL defaults to the local test database; BENCH_PAYMENTS to 100000)
 */
import { sql } from 'kysely';
import { benchServer, DATABASE_URL, median, post, sandboxAuthorization } from './server.js';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const RUNS = 7;

const server = await benchServer(DATABASE_URL, `bench_search_${Date.now().toString(36)}`, { WEBHOOK_WORKER: 'off', JOB_WORKER: 'off' });
try {
  const headers = await sandboxAuthorization(server);
  // One payment made through the API, its buyer known; then copied in SQL (each its own id, reference, amount, day and card).
  const seed = await post(
    `${server.url}/sandbox/payments`,
    { amount_minor: 1250, currency: 'EUR', reference: 'seed', customer: { email: 'erika@example.com', first_name: 'Erika', last_name: 'Mustermann' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } },
    headers,
  );
  const started = performance.now();
  await sql`
    INSERT INTO payments
    SELECT (jsonb_populate_record(p, jsonb_build_object(
      'id', 'pay_' || lpad(n::text, 26, '0'),
      'reference', 'bulk-' || n,
      'amount_minor', 100 + n % 10000,
      'created_at', p.created_at - make_interval(secs => n * 30),
      'resource_token_hash', md5(n::text),
      'card_last4', lpad((n % 10000)::text, 4, '0'),
      'buyer_digests', CASE WHEN n % 1000 = 0 THEN to_jsonb(p.buyer_digests) ELSE '[]'::jsonb END
    ))).*
    FROM payments p CROSS JOIN generate_series(1, ${PAYMENTS}) AS n
    WHERE p.id = ${seed.id as string}`.execute(server.db);
  await sql`
    INSERT INTO payment_parties
    SELECT (jsonb_populate_record(pp, jsonb_build_object('payment_id', 'pay_' || lpad(n::text, 26, '0'), 'amount_minor', 100 + n % 10000, 'refundable_amount', 100 + n % 10000))).*
    FROM payment_parties pp CROSS JOIN generate_series(1, ${PAYMENTS}) AS n
    WHERE pp.payment_id = ${seed.id as string}`.execute(server.db);
  await sql`ANALYZE payments`.execute(server.db);
  await sql`ANALYZE payment_parties`.execute(server.db);
  console.log(`seeded ${PAYMENTS} payments in ${Math.round(performance.now() - started)} ms`);

  const user = await server.services.dashboardUsers.createUser({ platformId: (await server.db.selectFrom('payments').select('platform_id').where('id', '=', seed.id as string).executeTakeFirstOrThrow()).platform_id, email: 'bench@example.com', role: 'viewer' });
  const link = new URL(user.setupUrl);
  const form = await fetch(`${server.url}${link.pathname}${link.search}`);
  const formCookie = form.headers.getSetCookie()[0]!.split(';')[0]!;
  const csrf = (await form.text()).match(/name="_csrf" value="([^"]+)"/)![1]!;
  const signedIn = await fetch(`${server.url}/dashboard/setup`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: formCookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: csrf, token: link.searchParams.get('token')!, password: 'correct horse battery staple' }).toString(),
  });
  const cookie = signedIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');

  const timed = async (path: string) => {
    const times: number[] = [];
    let text = '';
    for (let run = 0; run < RUNS; run++) {
      const at = performance.now();
      const response = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: 'manual' });
      text = await response.text();
      if (response.status >= 400) throw new Error(`${path} answered ${response.status}`);
      times.push(performance.now() - at);
    }
    return { ms: Math.round(median(times)), count: text.match(/class="result-count" role="status">([^<]+)/)?.[1] };
  };
  const normal = await timed('/dashboard/payments');
  const cases = {
    id: `/dashboard/payments?q=pay_${'4242'.padStart(26, '0')}`,
    reference_prefix: '/dashboard/payments?q=bulk-4242',
    card_last_four: '/dashboard/payments?q=4242',
    buyer_email: '/dashboard/payments?q=erika%40example.com',
    buyer_name: '/dashboard/payments?q=mustermann',
    amount_major_units: '/dashboard/payments?amount_from=12.50&amount_to=13',
    page_2000: '/dashboard/payments?page=2000',
  };
  const results: Record<string, unknown> = { normal_page: normal };
  for (const [name, path] of Object.entries(cases)) {
    const figures = await timed(path);
    results[name] = { ...figures, ratio_to_normal: Number((figures.ms / Math.max(1, normal.ms)).toFixed(2)) };
  }
  const exportStarted = performance.now();
  const exported = await fetch(`${server.url}/dashboard/payments/export.csv`, { headers: { cookie } });
  let bytes = 0;
  let firstByte = 0;
  for await (const chunk of exported.body!) {
    if (bytes === 0) firstByte = performance.now() - exportStarted;
    bytes += (chunk as Uint8Array).length;
  }
  const seconds = (performance.now() - exportStarted) / 1000;
  results.export_all = { rows: PAYMENTS + 1, megabytes: Number((bytes / 1e6).toFixed(1)), first_byte_ms: Math.round(firstByte), seconds: Number(seconds.toFixed(2)), rows_per_s: Math.round((PAYMENTS + 1) / seconds) };
  console.log(JSON.stringify(results, null, 2));
} finally {
  await server.close();
}
