#!/usr/bin/env python3
# symbols.py <callgrind file> <perf map> <requests>: self instructions per request by function; JIT code named
# from the perf map V8 writes under --perf-basic-prof (the last entry at an address wins). Used by run.sh's readers.
#   symbols.py diff <listing a> <listing b>: b minus a by function (JS functions named without their tier), largest first.
import sys, subprocess, re, bisect, collections

if sys.argv[1] == 'diff':
    def load(path):
        d = collections.Counter()
        for line in open(path):
            if line.startswith('#'): continue
            c, name = line.strip().split('  ', 1)
            name = re.sub(r':\d+:\d+$', '', re.sub(r'JS:[*^~]', 'JS:', name))
            d[name] += float(c)
        return d
    a, b = load(sys.argv[2]), load(sys.argv[3])
    rows = sorted(((b[k] - a[k], k) for k in set(a) | set(b)), reverse=True)
    print(f'# b - a: {sum(r for r, _ in rows):.0f} instructions/request')
    for d, k in rows:
        if abs(d) >= 100: print(f'{d:8.0f}  a={a[k]:7.0f}  b={b[k]:7.0f}  {k[:140]}')
    sys.exit(0)

f, mp, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
starts, ents = [], []
live = {}
for line in open(mp):
    a, s, name = line.rstrip('\n').split(' ', 2)
    a = int(a, 16); s = int(s, 16)
    for k in [k for k in live if k < a + s and k + live[k][0] > a]: del live[k]
    live[a] = (s, name)
ents = sorted((a, s, nm) for a, (s, nm) in live.items())
starts = [e[0] for e in ents]
def name_of(addr):
    i = bisect.bisect_right(starts, addr) - 1
    if i >= 0 and ents[i][0] <= addr < ents[i][0] + ents[i][1]:
        return ents[i][2]
    return None
out = subprocess.run(['callgrind_annotate', '--threshold=100', f], capture_output=True, text=True).stdout
agg = collections.Counter()
total = 0
for line in out.splitlines():
    m = re.match(r'\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*)$', line)
    if not m: continue
    cost = int(m.group(1).replace(',', '')); fn = m.group(2)
    if 'PROGRAM TOTALS' in fn: total = cost; continue
    fn = re.sub(r"'\d+", '', fn)
    a = re.match(r'\?\?\?:0x([0-9a-f]+)', fn)
    if a:
        nm = name_of(int(a.group(1), 16))
        fn = ('JS ' + nm) if nm else 'JIT ?'
    else:
        fn = re.sub(r'^\?\?\?:', '', fn)
        fn = re.sub(r'\s*\[/usr/bin/node\]$', '', fn)
        fn = re.sub(r'\(.*', '', fn) if not fn.startswith('0x') else fn
    agg[fn] += cost
print(f'# total {total//n} Ir/req')
for fn, c in agg.most_common():
    print(f'{c/n:10.0f}  {fn}')
