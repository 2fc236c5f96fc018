/**
 * What an operator checks once two instances run behind the TLS proxy (scripts/ops-walkthrough.sh sets
 * the environment): sign-in and requests through the proxy land on both instances, the WebSocket
 * upgrades through it, metrics answer only with the token, and with one instance killed the proxy
 * keeps answering. Exits non-zero on the first thing that does not hold.
 */
import WebSocket from 'ws';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const [proxy, a, b] = [env('PROXY'), env('A'), env('B')];
// With METRICS_PORT, each instance's /metrics is on its own listener; else on the instance's port.
const [metricsA, metricsB] = [process.env.METRICS_A ?? a, process.env.METRICS_B ?? b];

function check(what: string, ok: boolean, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? ` — ${detail}` : ''}`);
  if (!ok) process.exit(1);
}

async function json(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json().catch(() => null)) as { payload?: Record<string, unknown> } | null };
}

const profileRequests = async (base: string) => {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${env('METRICS_TOKEN')}` } })).text();
  return [...text.matchAll(/parley_http_requests_total\{method="GET",route="\/api\/user\/profile",status="200"\} (\d+)/g)].reduce(
    (n, m) => n + Number(m[1]),
    0,
  );
};

const ready = await json(`${proxy}/api/ready`);
check('GET /api/ready through the proxy (TLS by Caddy)', ready.status === 200, JSON.stringify(ready.body));

// Sign-in as the browser does it: the XSRF cookie first, then the double submit.
const csrf = await fetch(`${proxy}/api/sanctum/csrf-cookie`);
const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.getSetCookie().join('; '))?.[1] ?? '';
check('GET /api/sanctum/csrf-cookie through the proxy sets the XSRF cookie', xsrf !== '', `status ${csrf.status}`);
const login = await json(`${proxy}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
  body: JSON.stringify({ email: env('ADMIN_EMAIL'), password: env('ADMIN_PASSWORD') }),
});
const token = String(login.body?.payload?.token ?? '');
check('the admin signs in through the proxy', login.status === 200 && token.length > 0, `status ${login.status}`);

for (let i = 0; i < 20; i++) {
  const profile = await json(`${proxy}/api/user/profile`, { headers: { authorization: `Bearer ${token}` } });
  if (profile.status !== 200) check('GET /api/user/profile through the proxy', false, `status ${profile.status}`);
}
const [onA, onB] = [await profileRequests(metricsA), await profileRequests(metricsB)];
check(
  '20 requests through the proxy are shared by both instances (one session, stored in PostgreSQL)',
  onA > 0 && onB > 0 && onA + onB === 20,
  `A ${onA}, B ${onB}`,
);

const metricsWithout = await fetch(`${metricsA}/metrics`);
check('/metrics without the token is not there', metricsWithout.status === 404, `status ${metricsWithout.status}`);
if (metricsA !== a) {
  const publicMetrics = await fetch(`${a}/metrics`, { headers: { authorization: `Bearer ${env('METRICS_TOKEN')}` } });
  check('/metrics is not on the public port (METRICS_PORT), even with the token', publicMetrics.status === 404, `status ${publicMetrics.status}`);
  const throughProxy = await fetch(`${proxy}/metrics`, { headers: { authorization: `Bearer ${env('METRICS_TOKEN')}` } });
  check('/metrics is not served through the proxy', throughProxy.status === 404, `status ${throughProxy.status}`);
}

const wsUrl = `${proxy.replace(/^https/, 'wss')}/api/ws?token=${encodeURIComponent(token)}`;
const first = await new Promise<string>((resolve, reject) => {
  const socket = new WebSocket(wsUrl);
  const timer = setTimeout(() => reject(new Error('no frame within 5 s')), 5000);
  socket.on('message', (data: Buffer) => {
    clearTimeout(timer);
    socket.close();
    resolve(data.toString());
  });
  socket.on('error', reject);
});
check('the WebSocket upgrades through the proxy (wss) and the instance says ready', JSON.parse(first).type === 'ready', first);

// One instance dies: the proxy's retry and health check keep users on the other.
process.kill(Number(env('A_PID')), 'SIGTERM');
await new Promise((resolve) => setTimeout(resolve, 1000));
let served = 0;
for (let i = 0; i < 10; i++) if ((await json(`${proxy}/api/user/profile`, { headers: { authorization: `Bearer ${token}` } })).status === 200) served += 1;
check('with instance A stopped, every request through the proxy is still answered (by B, same session)', served === 10, `${served}/10`);
const readyB = await json(`${b}/api/ready`);
check('instance B is ready', readyB.status === 200);
