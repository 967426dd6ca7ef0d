#!/usr/bin/env bash
# A real single-node Slurm runs the example of deploy/slurm/: munged with its own key, slurmctld and
# slurmd on 127.0.0.1 only, their configuration, state and logs under .build/slurm. submit.sh queues
# the array job of 3 shards and the merge job that depends on it (afterok); when both have left the
# queue, each must have completed with status 0, and the merged folder must be byte for byte the
# folder of one `chartpipe run` with the same SOURCE_DATE_EPOCH. The daemons are stopped at the end,
# on failure too. Run as root (as CI does), with slurm-wlm and munge installed (make slurm-deps):
#
#   CHARTPIPE=.build/debug/chartpipe bash Tests/Slurm/slurm-test.sh
#
# Exit status 0 when every check passed, 1 otherwise (with the daemons' and jobs' logs printed).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CHARTPIPE="$(realpath "${CHARTPIPE:?set CHARTPIPE to the chartpipe binary}")"
BASE="$ROOT/.build/slurm"
EPOCH=1780272000

fail() { echo "slurm test: FAIL: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "it runs slurmd, which starts jobs as their users: run it as root"
for tool in munged slurmctld slurmd sbatch squeue scontrol sinfo; do
  command -v "$tool" > /dev/null || fail "$tool is missing: make slurm-deps installs slurm-wlm and munge"
done

pids=()
stop_daemons() {
  local status=$?
  # Only the daemons this script started, by their process ids, last started first.
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2> /dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 100); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2> /dev/null || true
  done
  if [ "$status" -ne 0 ]; then
    for log in "$BASE"/log/*.log "$BASE"/work/*.log; do
      [ -f "$log" ] && { echo "--- $log" >&2; tail -n 40 "$log" >&2; }
    done
  fi
  exit "$status"
}
trap stop_daemons EXIT

# A fresh folder each time: a previous run's state would bring back its jobs.
rm -rf "$BASE"
mkdir -p "$BASE"/{etc,state,spool,log,work}
mkdir -m 0755 "$BASE/munge"

# Two free TCP ports on the loopback interface, so that runs in other clones do not collide.
read -r CTLD_PORT SLURMD_PORT < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')

# munge: a key of 1024 random bytes only root reads, the socket in our folder.
dd if=/dev/urandom of="$BASE/munge/munge.key" bs=1024 count=1 status=none
chmod 0400 "$BASE/munge/munge.key"
SOCKET="$BASE/munge/munge.socket"
munged --foreground --force --key-file="$BASE/munge/munge.key" --socket="$SOCKET" \
  --pid-file="$BASE/munge/munged.pid" --seed-file="$BASE/munge/munged.seed" \
  --log-file="$BASE/log/munged.log" > "$BASE/log/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -S "$SOCKET" ] && break; sleep 0.1; done
[ -S "$SOCKET" ] || fail "munged did not open its socket $SOCKET"

CPUS=$(( $(nproc) < 2 ? $(nproc) : 2 ))
export SLURM_CONF="$BASE/etc/slurm.conf"
cat > "$SLURM_CONF" <<EOF
# Written by Tests/Slurm/slurm-test.sh: one node, loopback only, everything under $BASE.
ClusterName=chartpipe-test
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
# slurmctld and slurmd bind to the address their host name resolves to (127.0.0.1), not to every interface.
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SOCKET
StateSaveLocation=$BASE/state
SlurmdSpoolDir=$BASE/spool
SlurmctldPidFile=$BASE/state/slurmctld.pid
SlurmdPidFile=$BASE/spool/slurmd.pid
SlurmctldLogFile=$BASE/log/slurmctld.log
SlurmdLogFile=$BASE/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
# No cgroups: processes are tracked through /proc, tasks are not confined.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
# Finished jobs, one line each, for the logs printed on failure.
JobCompType=jobcomp/filetxt
JobCompLoc=$BASE/log/jobcomp.log
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
MailProg=/bin/true
SwitchType=switch/none
ReturnToService=2
# Finished jobs stay visible to scontrol for 10 minutes, long enough to read their states.
MinJobAge=600
SchedulerType=sched/backfill
NodeName=localhost NodeAddr=127.0.0.1 NodeHostname=localhost CPUs=$CPUS RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF

slurmctld -D -i -f "$SLURM_CONF" > "$BASE/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N localhost -f "$SLURM_CONF" > "$BASE/log/slurmd.out" 2>&1 &
pids+=($!)

# Bounded waits: a count of polls, not a deadline.
poll() {  # poll COUNT COMMAND…: runs COMMAND until it succeeds, at most COUNT times, 0.2 s apart
  local count=$1; shift
  for _ in $(seq "$count"); do "$@" > /dev/null 2>&1 && return 0; sleep 0.2; done
  return 1
}
node_idle() { sinfo -h -n localhost -o %t | grep -qx idle; }
poll 300 node_idle || fail "the node did not become idle: $(sinfo -h -N -o '%N %t %E' 2>&1)"

# Listening on the loopback interface only.
if command -v ss > /dev/null; then
  for port in "$CTLD_PORT" "$SLURMD_PORT"; do
    listeners="$(ss -Hltn "sport = :$port" | awk '{print $4}')"
    [ -n "$listeners" ] || fail "nothing listens on port $port"
    if echo "$listeners" | grep -qv '^127\.0\.0\.1:'; then fail "port $port is open beyond 127.0.0.1: $listeners"; fi
  done
fi

# The same pipeline twice, each with its output folder at the same place relative to the pipeline
# (the manifest records that path): one through Slurm, one in a single run.
for run in slurm single; do
  mkdir -p "$BASE/work/$run/out"
  cp -R "$ROOT/pipelines" "$BASE/work/$run/pipelines"
done
SOURCE_DATE_EPOCH=$EPOCH "$CHARTPIPE" run "$BASE/work/single/pipelines/weekly.pipeline" \
  --out "$BASE/work/single/out/weekly" --no-progress > "$BASE/log/single.log" 2>&1 || fail "the single run failed"

cd "$BASE/work"
read -r array merge < <(CHARTPIPE="$CHARTPIPE" SOURCE_DATE_EPOCH=$EPOCH \
  "$ROOT/deploy/slurm/submit.sh" "$BASE/work/slurm/pipelines/weekly.pipeline" "$BASE/work/slurm/out/weekly" 3)
[ -n "${merge:-}" ] || fail "submit.sh did not print the two job ids"
echo "slurm test: array job $array (3 shards), merge job $merge (afterok:$array)"

queued() { [ -n "$(squeue -h -j "$array,$merge" -o %i 2> /dev/null)" ]; }
not_queued() { ! queued; }
# The shards run the demo pipeline in a debug build: allow 3000 polls (10 minutes at 0.2 s).
poll 3000 not_queued || fail "the jobs are still queued: $(squeue -j "$array,$merge" 2>&1)"

states="$(scontrol -o show job "$array"; scontrol -o show job "$merge")"
tasks="$(echo "$states" | grep -c "ArrayJobId=$array ")" || true
[ "$tasks" -eq 3 ] || fail "the array job has $tasks tasks, not 3: $states"
if echo "$states" | grep -v 'JobState=COMPLETED .*ExitCode=0:0' | grep -q .; then
  fail "a job did not complete with status 0: $(echo "$states" | grep -o 'JobId=[0-9]* .*JobState=[A-Z_]*\|ExitCode=[0-9:]*')"
fi
for i in 0 1 2; do
  grep -q "^shard $i of 3 on " chartpipe-shards-"${array}"_*.log || fail "no array task ran shard $i"
done
# The merge ran after every shard: it removed their manifests and wrote manifest.json.
ls "$BASE/work/slurm/out/weekly"/manifest.shard-*.json > /dev/null 2>&1 && fail "shard manifests are left: the merge did not run"
[ -f "$BASE/work/slurm/out/weekly/manifest.json" ] || fail "no manifest.json: the merge did not run"
files=$(find "$BASE/work/single/out/weekly" -type f | wc -l)
[ "$files" -gt 40 ] || fail "the single run wrote $files files, fewer than expected"
# The run cache holds inode numbers and file times, so differs between any two folders.
diff -r --exclude=.chartpipe-cache "$BASE/work/single/out/weekly" "$BASE/work/slurm/out/weekly" > "$BASE/log/diff.log" 2>&1 ||
  fail "the merged folder differs from the single run: $(head -n 20 "$BASE/log/diff.log")"
echo "slurm test: PASS: 3 array tasks and the dependent merge completed; $files files byte for byte one run's"
