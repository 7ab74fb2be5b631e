# Sourced by bench/serve-*.sh and bench/viewer-check.sh: starts 'g2048 serve' on a free port in the
# background and stops it when the script exits.  start_server [SERVE OPTIONS]  sets $port and $server_pid.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
server_pid=""
stop_server() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
}
trap stop_server EXIT
start_server() {
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')"
  "$here/g2048" serve --port "$port" "$@" > "${SERVER_LOG:-/dev/null}" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 600); do   # the shipped model takes seconds to load, longer on a busy machine
    if curl -sf "http://127.0.0.1:$port/health" > /dev/null; then return 0; fi
    if ! kill -0 "$server_pid" 2>/dev/null; then echo "g2048 serve exited; its log: ${SERVER_LOG:-(none)}" >&2; exit 1; fi
    sleep 0.5
  done
  echo "g2048 serve did not answer /health within 300 s" >&2
  exit 1
}
