// deploy/test.sh: a card payment through the API and the hosted page's API, as a platform and its
// buyer's browser make it. Usage: node payment.mjs API_URL CLIENT_ID CLIENT_SECRET WEBHOOK_URL
// Prints the payment's id and final status.
const [api, clientId, clientSecret, webhook] = process.argv.slice(2);

async function call(url, { token, body, method = body ? 'POST' : 'GET' } = {}) {
  const response = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

const { access_token: token } = await call(`${api}/oauth/token`, {
  body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, audience: `${api}/sandbox` },
});
const payment = await call(`${api}/sandbox/payments`, {
  token,
  body: { amount_minor: 2500, currency: 'EUR', reference: 'deploy-test', payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/thanks', webhook } },
});
const link = new URL(payment._links.hosted_page.href);
const page = { token: link.searchParams.get('token'), api: `${link.origin}/hpp/payments/${payment.id}` };
await call(`${page.api}/start`, { token: page.token, body: {} });
const card = await call(`${page.api}/tokenize`, {
  token: page.token,
  body: { type: 'card', value: '4242424242424242', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: new Date().getUTCFullYear() + 2, cvv: '123' } },
});
await call(`${page.api}/authorize`, { token: page.token, body: { token: card.token } });
const paid = await call(`${api}/sandbox/payments/${payment.id}`, { token });
console.log(`${paid.id} ${paid.status}`);
