#!/usr/bin/env bash
# Runs docs/OPERATIONS.md on one machine, command by command, against local stand-ins for the outside
# world: a PostgreSQL database of its own (random name), a private Redis (redis-server on a free port,
# else the local one), s3rver as the S3-compatible bucket, and Caddy with its own local CA
# (`tls internal`) as the TLS proxy in front of two instances. The instances run from the release
# directory, unpacked as on a host (releases/<version>, a `current` link), with plain node — no npm
# in the signal path. scripts/ops-check.ts then checks what an operator checks; then backup,
# restore, ledger check, upgrade with a rolling restart, rollback and key rotation.
#
# Every port is picked free at start. Everything it starts it stops (by process id); it drops only
# the databases it created.
#
#   bash scripts/ops-walkthrough.sh        (needs PostgreSQL on 127.0.0.1:5432; installs caddy)
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)

WORK=$(mktemp -d /tmp/parley-ops-XXXXXX)
PG=${WALKTHROUGH_PG:-postgres://postgres@127.0.0.1:5432}
SUFFIX=$(openssl rand -hex 4)
DB=parley_walk_$SUFFIX
RESTORED=parley_walk_${SUFFIX}_restored
CREATED_DBS=()
PIDS=()
cleanup() {
  local code=$?
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  for db in "${CREATED_DBS[@]}"; do psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true; done
  [ "$code" = 0 ] || { echo "== logs"; tail -n 20 "$WORK"/*.log 2>/dev/null || true; }
  rm -rf "$WORK"
  exit "$code"
}
trap cleanup EXIT
step() { printf '\n== %s\n' "$*"; }
createdb_own() { psql "$PG/postgres" -qc "CREATE DATABASE $1" && CREATED_DBS+=("$1"); }
wait_ready() { # url [curl options]
  for _ in $(seq 1 80); do curl -fsS "$@" >/dev/null 2>&1 && return 0; sleep 0.25; done
  echo "not ready: $1"
  return 1
}

step "free ports"
read -r PORT_A PORT_B METRICS_A METRICS_B PORT_PROXY PORT_S3 PORT_REDIS < <(node -e '
  const net = require("node:net");
  const servers = Array.from({ length: 7 }, () => net.createServer().listen(0, "127.0.0.1"));
  Promise.all(servers.map((s) => new Promise((r) => s.on("listening", r)))).then(() => {
    console.log(servers.map((s) => s.address().port).join(" "));
    servers.forEach((s) => s.close());
  });')
echo "instances $PORT_A $PORT_B, metrics $METRICS_A $METRICS_B, proxy $PORT_PROXY, s3 $PORT_S3, redis $PORT_REDIS; database $DB"

step "proxy: caddy (Debian package)"
command -v caddy >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy >/dev/null; }
caddy version

step "database, Redis and bucket"
createdb_own "$DB"
if command -v redis-server >/dev/null; then
  redis-server --port "$PORT_REDIS" --bind 127.0.0.1 --save '' --appendonly no >"$WORK/redis.log" 2>&1 &
  PIDS+=($!)
  REDIS_URL_OWN=redis://127.0.0.1:$PORT_REDIS
else
  REDIS_URL_OWN=redis://127.0.0.1:6379
fi
node node_modules/.bin/s3rver -d "$WORK/s3" -a 127.0.0.1 -p "$PORT_S3" --silent --configure-bucket parley-attachments &
PIDS+=($!)

step "npm run build → release/, unpacked as on a host: releases/<version>, current → it"
npm run build >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; exit 1; }
VERSION=$(node -p 'require("./release/build-info.json").version + "-" + require("./release/build-info.json").commit')
OPT=$WORK/opt/parley
mkdir -p "$OPT/releases"
cp -a release "$OPT/releases/$VERSION"
ln -sfn "releases/$VERSION" "$OPT/current"
CURRENT=$OPT/current
echo "$(du -sh "$OPT/releases/$VERSION" | cut -f1) in $OPT/releases/$VERSION; dependencies: $(node -p "Object.keys(require('$CURRENT/package.json').dependencies).join(', ')")"

step ".env from .env.example (secrets generated as the guide says)"
APP_SECRET=$(openssl rand -base64 48)
PAYOUT_ENCRYPTION_KEY=$(openssl rand -hex 32)
METRICS_TOKEN=$(openssl rand -hex 24)
sed -e "s#^PUBLIC_URL=.*#PUBLIC_URL=https://localhost:$PORT_PROXY#" \
  -e "s#^HOST=.*#HOST=127.0.0.1#" \
  -e "s#^APP_SECRET=.*#APP_SECRET=$APP_SECRET#" \
  -e "s#^PAYOUT_ENCRYPTION_KEY=.*#PAYOUT_ENCRYPTION_KEY=$PAYOUT_ENCRYPTION_KEY#" \
  -e "s#^DATABASE_URL=.*#DATABASE_URL=$PG/$DB#" \
  -e "s#^REDIS_URL=.*#REDIS_URL=$REDIS_URL_OWN#" \
  -e "s#^SMTP_URL=.*#SMTP_URL=smtp://127.0.0.1:9#" \
  -e "s#^REQUIRE_EMAIL_VERIFICATION=.*#REQUIRE_EMAIL_VERIFICATION=false#" \
  -e "s#^PAYMENT_GATEWAY=.*#PAYMENT_GATEWAY=sandbox\nALLOW_SANDBOX_PAYMENTS=true#" \
  -e "s#^S3_ENDPOINT=.*#S3_ENDPOINT=http://127.0.0.1:$PORT_S3#" \
  -e "s#^S3_ACCESS_KEY_ID=.*#S3_ACCESS_KEY_ID=S3RVER#" \
  -e "s#^S3_SECRET_ACCESS_KEY=.*#S3_SECRET_ACCESS_KEY=S3RVER#" \
  -e "s#^METRICS_TOKEN=.*#METRICS_TOKEN=$METRICS_TOKEN#" \
  -e "s#^LLM_MODEL=.*#LLM_MODEL=#" \
  -e "s#^LOG_LEVEL=.*#LOG_LEVEL=warn#" \
  .env.example | sed -e 's/[[:space:]]*# .*$//' >"$WORK/parley.env"
echo "DATA_DIR=$WORK/data" >>"$WORK/parley.env"
chmod 600 "$WORK/parley.env"
set -a && . "$WORK/parley.env" && set +a

step "node current/maintenance.js seed (three at once, as from three hosts)"
SEEDS=()
for i in 1 2 3; do node "$CURRENT/maintenance.js" seed >"$WORK/seed$i.log" 2>&1 & SEEDS+=($!); done
for i in 0 1 2; do wait "${SEEDS[$i]}" || { cat "$WORK/seed$((i + 1)).log"; exit 1; }; echo "seed $((i + 1)): exit 0"; done
echo "migrations applied: $(psql "$PG/$DB" -tAc "SELECT count(*) FROM kysely_migration"), countries: $(psql "$PG/$DB" -tAc "SELECT count(*) FROM countries"), users: $(psql "$PG/$DB" -tAc "SELECT count(*) FROM users") (no demo data: SEED_DEMO is not set)"

step "node current/admin-create.js"
ADMIN_EMAIL=ops@example.com
ADMIN_PASSWORD=$(node "$CURRENT/admin-create.js" "$ADMIN_EMAIL" 2>&1 | sed -n 's/.*[Pp]assword[^:]*: *\([^ ]*\).*/\1/p' | tail -1)
[ -n "$ADMIN_PASSWORD" ] || { echo "admin-create printed no password"; exit 1; }
echo "created $ADMIN_EMAIL (one-time password printed once); admins: $(psql "$PG/$DB" -tAc "SELECT count(*) FROM users WHERE role = 'admin'")"

# An instance as the systemd unit starts it: plain node on the release's server.js (its own process id).
start_instance() { # name port metrics-port → pid in $STARTED
  PORT=$2 METRICS_PORT=$3 node --enable-source-maps "$CURRENT/server.js" >>"$WORK/$1.log" 2>&1 &
  STARTED=$!
  PIDS+=("$STARTED")
  wait_ready "http://127.0.0.1:$2/api/ready"
}
stop_instance() { # pid: SIGTERM as systemd sends it, then wait for the exit
  kill -TERM "$1"
  wait "$1" 2>/dev/null || true
}

step "two instances: node current/server.js (METRICS_PORT: /metrics on its own listener)"
start_instance a "$PORT_A" "$METRICS_A" && A_PID=$STARTED
start_instance b "$PORT_B" "$METRICS_B" && B_PID=$STARTED
for port in "$PORT_A" "$PORT_B"; do echo "127.0.0.1:$port/api/ready: $(curl -sS "http://127.0.0.1:$port/api/ready")"; done

step "Caddy in front (the guide's Caddyfile; tls internal: no public name here)"
cat >"$WORK/Caddyfile" <<EOF
{
  admin off
  skip_install_trust
  storage file_system $WORK/caddy
}
localhost:$PORT_PROXY {
  tls internal
  reverse_proxy 127.0.0.1:$PORT_A 127.0.0.1:$PORT_B {
    health_uri /api/ready
    health_interval 2s
    lb_try_duration 5s
  }
}
EOF
caddy run --config "$WORK/Caddyfile" --adapter caddyfile >"$WORK/caddy.log" 2>&1 &
PIDS+=($!)
CA=$WORK/caddy/pki/authorities/local/root.crt
for _ in $(seq 1 40); do curl -ksfS "https://localhost:$PORT_PROXY/api/ready" >/dev/null 2>&1 && break; sleep 0.5; done
echo "https://localhost:$PORT_PROXY/api/ready: $(curl -ksS "https://localhost:$PORT_PROXY/api/ready")"

step "what an operator checks (scripts/ops-check.ts)"
NODE_EXTRA_CA_CERTS="$CA" PROXY="https://localhost:$PORT_PROXY" A="http://127.0.0.1:$PORT_A" B="http://127.0.0.1:$PORT_B" \
  METRICS_A="http://127.0.0.1:$METRICS_A" METRICS_B="http://127.0.0.1:$METRICS_B" \
  ADMIN_EMAIL="$ADMIN_EMAIL" ADMIN_PASSWORD="$ADMIN_PASSWORD" A_PID="$A_PID" node_modules/.bin/tsx scripts/ops-check.ts
wait "$A_PID" 2>/dev/null || true

step "backups: pg_dump, the payout key check, the ledger check"
pg_dump --dbname "$DATABASE_URL" --format custom --file "$WORK/parley-$(date +%F).dump"
echo "$(stat -c %s "$WORK/parley-$(date +%F).dump") bytes"
node "$CURRENT/payout-key.js" verify
node "$CURRENT/ledger-check.js"

step "restore into a fresh database, then the payout key and ledger checks"
createdb_own "$RESTORED"
pg_restore --dbname "$PG/$RESTORED" --no-owner "$WORK/parley-$(date +%F).dump"
DATABASE_URL="$PG/$RESTORED" node "$CURRENT/payout-key.js" verify
DATABASE_URL="$PG/$RESTORED" node "$CURRENT/ledger-check.js"
echo "restored users: $(psql "$PG/$RESTORED" -tAc "SELECT count(*) FROM users")"

step "upgrade: unpack the new release, migrate while B serves, rolling restart"
PREVIOUS=$VERSION
NEXT=$VERSION-next
cp -a release "$OPT/releases/$NEXT"
ln -sfn "releases/$NEXT" "$OPT/current"
node "$CURRENT/maintenance.js" migrate
start_instance a "$PORT_A" "$METRICS_A" && A_PID=$STARTED
echo "A restarted on $(readlink "$OPT/current")"
stop_instance "$B_PID"
start_instance b "$PORT_B" "$METRICS_B" && B_PID=$STARTED
echo "B restarted on $(readlink "$OPT/current")"
wait_ready "https://localhost:$PORT_PROXY/api/ready" --cacert "$CA"
curl -fsS "https://localhost:$PORT_PROXY/api/ready" --cacert "$CA"
echo
curl -fsS -H "Authorization: Bearer $METRICS_TOKEN" "http://127.0.0.1:$METRICS_A/metrics" | grep '^parley_build_info'

step "rollback: current → the previous release, rolling restart (migrations only add)"
ln -sfn "releases/$PREVIOUS" "$OPT/current"
stop_instance "$A_PID"
start_instance a "$PORT_A" "$METRICS_A" && A_PID=$STARTED
stop_instance "$B_PID"
start_instance b "$PORT_B" "$METRICS_B" && B_PID=$STARTED
curl -fsS "https://localhost:$PORT_PROXY/api/ready" --cacert "$CA"
echo " (both on $(readlink "$OPT/current"))"

step "rotate PAYOUT_ENCRYPTION_KEY"
NEW_PAYOUT_ENCRYPTION_KEY=$(openssl rand -hex 32)
NEW_PAYOUT_ENCRYPTION_KEY=$NEW_PAYOUT_ENCRYPTION_KEY node "$CURRENT/payout-key.js" rotate
PAYOUT_ENCRYPTION_KEY=$NEW_PAYOUT_ENCRYPTION_KEY node "$CURRENT/payout-key.js" verify

step "done: every step above ran"
