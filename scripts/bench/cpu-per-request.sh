#!/usr/bin/env bash
# CPU time a server spends per request, from the kernel's own accounting: the user and system time of a
# process and its children (a supervisor and its workers) across one wrk run, divided by the requests.
# Less sensitive to a busy machine than requests a second, since time spent waiting for a core is not
# counted; compare two servers by alternating runs.
#   scripts/bench/cpu-per-request.sh ROOT_PID URL [COOKIE] [CONNECTIONS=10] [SECONDS=6]
set -euo pipefail
root=$1 url=$2 cookie=${3:-} connections=${4:-10} seconds=${5:-6}
ticks() {
  local total=0 fields
  for pid in "$root" $(pgrep -P "$root"); do
    read -r -a fields <"/proc/$pid/stat"
    total=$((total + fields[13] + fields[14]))
  done
  echo "$total"
}
before=$(ticks)
out=$(wrk -t1 -c"$connections" -d"${seconds}s" --latency -H "Cookie: $cookie" -H "Accept-Encoding: gzip" "$url")
after=$(ticks)
requests=$(echo "$out" | grep -Eo '^ +[0-9]+ requests' | grep -Eo '[0-9]+')
rate=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
cpu_ms=$(echo "scale=3; ($after - $before) * 1000 / $(getconf CLK_TCK) / $requests" | bc)
echo "$url c$connections: $rate req/s, p99 $p99, CPU $cpu_ms ms a request ($requests requests)"
