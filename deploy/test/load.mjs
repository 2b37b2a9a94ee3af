// deploy/test.sh: load through a minimal load balancer: CONCURRENCY loops send requests for SECONDS
// to the backends, round robin among those whose /readyz answered 200 at the last check (every
// 250 ms, as a proxy's health check). Counts what each backend answered.
// Usage: node load.mjs SECONDS CONCURRENCY CLIENT_ID CLIENT_SECRET AUDIENCE BACKEND…
// Prints one JSON line: { backend: { status: count, refused: n, broken: n } }.
const [seconds, concurrency, clientId, clientSecret, audience, ...backends] = process.argv.slice(2);

const issued = await fetch(`${backends[0]}/oauth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, audience }),
});
const { access_token: token } = await issued.json();
const until = Date.now() + Number(seconds) * 1000;
const counts = Object.fromEntries(backends.map((backend) => [backend, {}]));
let ready = [...backends];

async function checkHealth() {
  while (Date.now() < until) {
    const answers = await Promise.all(backends.map((backend) => fetch(`${backend}/readyz`).then((response) => response.status === 200, () => false)));
    ready = backends.filter((_, index) => answers[index]);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let next = 0;
async function loop() {
  while (Date.now() < until) {
    const backend = ready[next++ % Math.max(ready.length, 1)];
    if (!backend) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    const count = counts[backend];
    try {
      const response = await fetch(`${backend}/sandbox/payments`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      count[response.status] = (count[response.status] ?? 0) + 1;
    } catch (error) {
      const kind = error.cause?.code === 'ECONNREFUSED' ? 'refused' : 'broken';
      count[kind] = (count[kind] ?? 0) + 1;
    }
  }
}

await Promise.all([checkHealth(), ...Array.from({ length: Number(concurrency) }, loop)]);
console.log(JSON.stringify(counts));
