#!/bin/bash
# `shelf fetch --missing cover` over 200 books against the tests' replay server: killed after 20 s,
# run again, then the requests the server saw: how many, the smallest gap between two (the
# polite rate, SHELF_REQUEST_INTERVAL, default here 0.1 s), covers asked without ?default=false.
# Usage: Benchmarks/Scripts/fetch-covers-bulk.sh, after `swift build` (it runs the debug shelf and
# shelf-online; BIN=.build/release for a release build).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${BIN:-$ROOT/.build/x86_64-unknown-linux-gnu/debug}
FIX=$ROOT/Tests/ShelfMetadataTests/Fixtures
W=$(mktemp -d /tmp/bulk200.XXXX); cd $W
LOG=$W/requests.log
python3 $FIX/replay_server.py $FIX $LOG > $W/port.txt &
SERVER=$!
sleep 1; PORT=$(head -1 $W/port.txt)
export SHELF_OPENLIBRARY_URL=http://127.0.0.1:$PORT SHELF_COVERS_URL=http://127.0.0.1:$PORT SHELF_REQUEST_INTERVAL=${INTERVAL:-0.1}
mkdir lib && cd lib && $BIN/shelf init . >/dev/null
isbn() { python3 -c "
t='979100'+'%06d'%$1
s=sum(int(c)*(1 if i%2==0 else 3) for i,c in enumerate(t))
print(t+str((10-s%10)%10))"; }
for n in $(seq 0 199); do $BIN/shelf add "Book $n" --isbn $(isbn $n) >/dev/null; done
ls to-read | wc -l
START=$(date +%s.%N)
timeout -s KILL 20 $BIN/shelf fetch --missing cover --yes > $W/run1.out 2> $W/run1.err; echo "run1 exit $?"
echo "covers after kill: $(ls to-read/*.jpg to-read/*.png 2>/dev/null | wc -l)"
$BIN/shelf fetch --missing cover --yes > $W/run2.out 2> $W/run2.err; echo "run2 exit $?"
END=$(date +%s.%N)
echo "covers after resume: $(ls to-read/*.jpg to-read/*.png 2>/dev/null | wc -l)"
python3 - "$LOG" <<'PY'
import json,sys
reqs=[json.loads(l) for l in open(sys.argv[1])]
t=[r['time'] for r in reqs]
gaps=[b-a for a,b in zip(t,t[1:])]
print('requests',len(reqs),'min gap %.3f s'%min(gaps),'covers',sum(r['path'].startswith('/b/id/') for r in reqs),
      'without default=false',sum(r['path'].startswith('/b/id/') and 'default=false' not in r['path'] for r in reqs))
PY
echo "wall $(python3 -c "print(round($END-$START,1))") s"
$BIN/shelf check > $W/check.out 2>&1; echo "check exit $?"; tail -2 $W/run2.err
kill $SERVER
