#!/usr/bin/env bash
# Runs docs/OPERATIONS.md §1–§3 on one machine, command by command, against local stand-ins for the
# outside world: a fresh PostgreSQL database, the local Redis, s3rver as the S3-compatible bucket, and
# Caddy with its own local CA (`tls internal`) as the TLS proxy in front of two instances. Then
# scripts/ops-check.ts checks what an operator checks. Everything it starts it stops; it drops its database.
#
#   bash scripts/ops-walkthrough.sh        (needs PostgreSQL on 127.0.0.1:5432 and Redis on 6379; installs caddy)
set -euo pipefail
cd "$(dirname "$0")/.."

WORK=$(mktemp -d /tmp/parley-ops-XXXXXX)
DB=parley_walkthrough
PG=postgres://postgres@127.0.0.1:5432
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  # npm start's node child outlives npm: stop whatever still listens on our ports.
  fuser -k -TERM 3101/tcp 3102/tcp 8443/tcp 4599/tcp >/dev/null 2>&1 || true
  wait 2>/dev/null || true
  psql "$PG/test" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
step() { printf '\n== %s\n' "$*"; }

step "proxy: caddy (Debian package)"
command -v caddy >/dev/null || { apt-get update -qq && apt-get install -y -qq caddy >/dev/null; }
caddy version

step "database and bucket"
psql "$PG/test" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "CREATE DATABASE $DB"
node node_modules/.bin/s3rver -d "$WORK/s3" -a 127.0.0.1 -p 4599 --silent --configure-bucket parley-attachments &
PIDS+=($!)

step "npm run build"
npm run build >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; exit 1; }

step ".env from .env.example (secrets generated as the guide says)"
APP_SECRET=$(openssl rand -base64 48)
PAYOUT_ENCRYPTION_KEY=$(openssl rand -hex 32)
METRICS_TOKEN=$(openssl rand -hex 24)
sed -e "s#^PUBLIC_URL=.*#PUBLIC_URL=https://localhost:8443#" \
  -e "s#^APP_SECRET=.*#APP_SECRET=$APP_SECRET#" \
  -e "s#^PAYOUT_ENCRYPTION_KEY=.*#PAYOUT_ENCRYPTION_KEY=$PAYOUT_ENCRYPTION_KEY#" \
  -e "s#^DATABASE_URL=.*#DATABASE_URL=$PG/$DB#" \
  -e "s#^SMTP_URL=.*#SMTP_URL=smtp://127.0.0.1:2599#" \
  -e "s#^REQUIRE_EMAIL_VERIFICATION=.*#REQUIRE_EMAIL_VERIFICATION=false#" \
  -e "s#^PAYMENT_GATEWAY=.*#PAYMENT_GATEWAY=sandbox\nALLOW_SANDBOX_PAYMENTS=true#" \
  -e "s#^S3_ENDPOINT=.*#S3_ENDPOINT=http://127.0.0.1:4599#" \
  -e "s#^S3_ACCESS_KEY_ID=.*#S3_ACCESS_KEY_ID=S3RVER#" \
  -e "s#^S3_SECRET_ACCESS_KEY=.*#S3_SECRET_ACCESS_KEY=S3RVER#" \
  -e "s#^METRICS_TOKEN=.*#METRICS_TOKEN=$METRICS_TOKEN#" \
  -e "s#^LLM_MODEL=.*#LLM_MODEL=#" \
  -e "s#^LOG_LEVEL=.*#LOG_LEVEL=warn#" \
  .env.example | sed -e 's/[[:space:]]*# .*$//' >"$WORK/.env"
chmod 600 "$WORK/.env"
set -a && . "$WORK/.env" && set +a

step "npm run seed (three at once, as from three hosts)"
SEEDS=()
for i in 1 2 3; do npm run seed >"$WORK/seed$i.log" 2>&1 & SEEDS+=($!); done
for i in 0 1 2; do wait "${SEEDS[$i]}" || { cat "$WORK/seed$((i + 1)).log"; exit 1; }; echo "seed $((i + 1)): exit 0"; done
echo "migrations applied: $(psql "$PG/$DB" -tAc "SELECT count(*) FROM kysely_migration"), countries: $(psql "$PG/$DB" -tAc "SELECT count(*) FROM countries"), users: $(psql "$PG/$DB" -tAc "SELECT count(*) FROM users") (no demo data: SEED_DEMO is not set)"

step "npm run admin:create"
ADMIN_EMAIL=ops@example.com
ADMIN_PASSWORD=$(npm run -s admin:create -- "$ADMIN_EMAIL" 2>&1 | sed -n 's/.*[Pp]assword[^:]*: *\([^ ]*\).*/\1/p' | tail -1)
[ -n "$ADMIN_PASSWORD" ] || { echo "admin:create printed no password"; exit 1; }
echo "created $ADMIN_EMAIL (one-time password printed once); admins: $(psql "$PG/$DB" -tAc "SELECT count(*) FROM users WHERE role = 'admin'")"

step "two instances"
PORT=3101 npm run start -w apps/server >"$WORK/a.log" 2>&1 &
PIDS+=($!)
A_PID=$!
PORT=3102 npm run start -w apps/server >"$WORK/b.log" 2>&1 &
PIDS+=($!)
for port in 3101 3102; do
  for _ in $(seq 1 60); do curl -fsS "http://127.0.0.1:$port/api/ready" >/dev/null 2>&1 && break; sleep 0.5; done
  echo "127.0.0.1:$port/api/ready: $(curl -sS "http://127.0.0.1:$port/api/ready")"
done

step "Caddy in front (the guide's Caddyfile; tls internal: no public name here)"
cat >"$WORK/Caddyfile" <<EOF
{
  admin off
  skip_install_trust
  storage file_system $WORK/caddy
}
localhost:8443 {
  tls internal
  reverse_proxy 127.0.0.1:3101 127.0.0.1:3102 {
    health_uri /api/ready
    health_interval 5s
    lb_try_duration 5s
  }
}
EOF
caddy run --config "$WORK/Caddyfile" --adapter caddyfile >"$WORK/caddy.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 40); do curl -ksfS https://localhost:8443/api/ready >/dev/null 2>&1 && break; sleep 0.5; done
echo "https://localhost:8443/api/ready: $(curl -ksS https://localhost:8443/api/ready)"

step "what an operator checks (scripts/ops-check.ts)"
NODE_EXTRA_CA_CERTS="$WORK/caddy/pki/authorities/local/root.crt" PROXY=https://localhost:8443 A=http://127.0.0.1:3101 B=http://127.0.0.1:3102 \
  ADMIN_EMAIL="$ADMIN_EMAIL" ADMIN_PASSWORD="$ADMIN_PASSWORD" A_PID="$A_PID" npx tsx scripts/ops-check.ts

step "§4 backups: pg_dump and the payout key check"
cd "$WORK"
pg_dump --dbname "$DATABASE_URL" --format custom --file "parley-$(date +%F).dump"
ls -l "parley-$(date +%F).dump" | awk '{print $5 " bytes"}'
cd - >/dev/null
npm run -s payout-key -- verify

step "§5 restore into a fresh database"
RESTORED=${DB}_restored
psql "$PG/test" -qc "DROP DATABASE IF EXISTS $RESTORED WITH (FORCE)" -c "CREATE DATABASE $RESTORED"
pg_restore --dbname "$PG/$RESTORED" --no-owner "$WORK/parley-$(date +%F).dump"
DATABASE_URL="$PG/$RESTORED" npm run -s payout-key -- verify
echo "restored users: $(psql "$PG/$RESTORED" -tAc "SELECT count(*) FROM users")"
psql "$PG/test" -qc "DROP DATABASE $RESTORED WITH (FORCE)"

step "§6 upgrade: npm run migrate while instance B runs"
npm run -s migrate
curl -fsS https://localhost:8443/api/ready --cacert "$WORK/caddy/pki/authorities/local/root.crt"
echo

step "§7 rotate PAYOUT_ENCRYPTION_KEY"
NEW_PAYOUT_ENCRYPTION_KEY=$(openssl rand -hex 32)
NEW_PAYOUT_ENCRYPTION_KEY=$NEW_PAYOUT_ENCRYPTION_KEY npm run -s payout-key -- rotate
PAYOUT_ENCRYPTION_KEY=$NEW_PAYOUT_ENCRYPTION_KEY npm run -s payout-key -- verify

step "done: every step above ran"
