// deploy/test.sh: requests to each API for SECONDS, CONCURRENCY at a time per API, counting what
// each answered. Usage: node load.mjs SECONDS CONCURRENCY TOKEN_URL CLIENT_ID CLIENT_SECRET AUDIENCE URL…
// Prints one JSON line: { url: { status: count, refused: n, broken: n } }.
const [seconds, concurrency, tokenUrl, clientId, clientSecret, audience, ...urls] = process.argv.slice(2);

const issued = await fetch(`${tokenUrl}/oauth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, audience }),
});
const { access_token: token } = await issued.json();
const until = Date.now() + Number(seconds) * 1000;
const counts = Object.fromEntries(urls.map((url) => [url, {}]));

async function loop(url) {
  const count = counts[url];
  while (Date.now() < until) {
    try {
      const response = await fetch(`${url}/sandbox/payments?limit=5`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      count[response.status] = (count[response.status] ?? 0) + 1;
    } catch (error) {
      // Refused: the replica has stopped listening (expected once it stopped); broken: an answer cut off.
      const kind = error.cause?.code === 'ECONNREFUSED' ? 'refused' : 'broken';
      count[kind] = (count[kind] ?? 0) + 1;
      if (kind === 'refused') await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

await Promise.all(urls.flatMap((url) => Array.from({ length: Number(concurrency) }, () => loop(url))));
console.log(JSON.stringify(counts));
