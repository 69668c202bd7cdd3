#!/usr/bin/env python3
# ablate.py <dir>: a copy of the HTTP door with each of its parts switched off by the ABL environment variable
# (a comma list), for measuring what a part costs (docs/benchmarks.md, "eleventh session"). Not for use: the copy
# leaves out documented behaviour. It exports HEAD's src into <dir>, patches it, builds <dir>/dist with tsc and
# links this checkout's node_modules, so that both benches can run it:
#   ABL=guard SVC_BENCH_BEFORE=<dir> SVC_BENCH_ONLY=svc,before,op npx tsx bench/http-cpu.bench.ts 3 5
#   ABL=guard SVC_INSTR_ROOT=<dir> bench/http-instr/run.sh svc 3000
# Parts: guard (auth and rate limit; the common headers stay), headers (the common headers), deadline, conntimeout
# (the per-socket connection timeout), nodeopts (Node's server options), host (the Host, Expect and CONNECT
# wrappers), limits (the connection caps), doors (the agent door), reqid (a counter for the request id), jsonbody
# (fastify's own JSON parser for svc's), round (invoke's output rounding). ABL=none is the door unchanged.
# Each switch is read once, when the server is built: a read of process.env on every request costs more than
# most parts (one did, in a first try of this copy). A patch that no longer matches the source stops the script.
import os, subprocess, sys

out = os.path.abspath(sys.argv[1])
root = subprocess.run(['git', 'rev-parse', '--show-toplevel'], capture_output=True, text=True, check=True).stdout.strip()
os.makedirs(out, exist_ok=False)
archive = subprocess.run(['git', '-C', root, 'archive', 'HEAD', 'src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'], capture_output=True, check=True).stdout
subprocess.run(['tar', '-x', '-C', out], input=archive, check=True)
os.symlink(os.path.join(root, 'node_modules'), os.path.join(out, 'node_modules'))

ON = "(process.env.ABL ?? '').split(',').includes"
PATCHES = [
    ('src/http/guard.ts', "      if (op.access !== 'public' || op.permission) return guarded(op);",
     f"      if ((op.access !== 'public' || op.permission) && !{ON}('guard')) return guarded(op);"),
    ('src/http/headers.ts', "export function setCommonHeaders(reply: FastifyReply, lifecycle: Lifecycle, securityMode?: string): void {\n",
     f"const ABL_HEADERS = {ON}('headers');\nexport function setCommonHeaders(reply: FastifyReply, lifecycle: Lifecycle, securityMode?: string): void {{\n  if (ABL_HEADERS) return;\n"),
    ('src/http/admission.ts', "  app.addHook('onRequest', (request, reply, next) => {", f"  if (!{ON}('deadline')) app.addHook('onRequest', (request, reply, next) => {{"),
    ('src/http/server.ts', "    connectionTimeout: config.requestTimeoutMs + DEADLINE_MARGIN_MS,",
     f"    connectionTimeout: {ON}('conntimeout') ? 0 : config.requestTimeoutMs + DEADLINE_MARGIN_MS,"),
    ('src/http/server.ts', "    http: nodeServerOptions(config),", f"    http: {ON}('nodeopts') ? {{}} : nodeServerOptions(config),"),
    ('src/http/server.ts', "  answerUnmetExpectations(app.server, newRequestId, auth.securityMode);\n  answerHostless(app.server, newRequestId, auth.securityMode);\n  answerConnect(app.server, newRequestId, auth.securityMode);",
     f"  if (!{ON}('host')) {{\n  answerUnmetExpectations(app.server, newRequestId, auth.securityMode);\n  answerHostless(app.server, newRequestId, auth.securityMode);\n  answerConnect(app.server, newRequestId, auth.securityMode);\n  }}"),
    ('src/http/server.ts', "  await app.register(limitsPlugin, kit);", f"  if (!{ON}('limits')) await app.register(limitsPlugin, kit);"),
    ('src/http/server.ts', "  await app.register(doorsPlugin, kit);", f"  if (!{ON}('doors')) await app.register(doorsPlugin, kit);"),
    ('src/http/server.ts', "  const newRequestId = options.newId ?? requestId;",
     f"  let counter = 0;\n  const newRequestId = options.newId ?? ({ON}('reqid') ? () => String(++counter) : requestId);"),
    ('src/http/server.ts', "  await app.register(jsonBodyPlugin, kit);", f"  if (!{ON}('jsonbody')) await app.register(jsonBodyPlugin, kit);"),
    ('src/ops/invoke.ts', "  return op.exactOutput || options.exact ? output : presenterOf(op)(output);",
     "  return op.exactOutput || options.exact || ABL_ROUND ? output : presenterOf(op)(output);"),
]
for path, old, new in PATCHES:
    file = os.path.join(out, path)
    text = open(file).read()
    if text.count(old) != 1:
        sys.exit(f'ablate.py: {path} no longer holds the line this switch patches: {old.strip()[:80]}')
    open(file, 'w').write(text.replace(old, new))
with open(os.path.join(out, 'src/ops/invoke.ts'), 'a') as f:
    f.write(f"\nconst ABL_ROUND = {ON}('round');\n")
subprocess.run(['npx', 'tsc', '-p', 'tsconfig.build.json', '--noCheck'], cwd=out, check=True)
print(f'{out}: the door with ABL switches, built')
