/**
 * The agent tool list, derived from the operation registry, shared by the MCP server and the
 * narrator registry (docs/mcp.md). The spec's four tools come first, in the spec's order; then every
 * other operation that declares `tool`, in registry order. An operation is one of the spec's tools
 * when it declares that tool's name, or when it serves that tool's spec route; a tool whose
 * operation is not in the registry is simply not listed.
 *
 * A call goes through `invoke` (access, validation, run, output rounding) like every other door;
 * the result is wrapped with a fixed provenance marker.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { SvcError, type FailingPath } from '../domain/errors.js';
import { canonicalJson } from '../ops/facade/canonical-json.js';
import { invoke } from '../ops/invoke.js';
import type { Operation, OpContext, Permission } from '../ops/types.js';

/** The spec's tools, in the spec's order, with the spec route that also identifies each one. */
export const SPEC_TOOLS: ReadonlyArray<{ name: string; route?: string }> = [
  { name: 'get_day_ahead_prices', route: 'GET /api/mktop/prices' },
  { name: 'get_forecast', route: 'GET /api/forecast' },
  { name: 'get_regime_snapshot', route: 'GET /api/regime' },
  { name: 'cite_methodology' },
];

/** Permissions that mark an operation as one that writes: never a tool. */
const WRITE_PERMISSIONS: ReadonlySet<Permission> = new Set(['audit.write', 'profiles.write', 'api.manage']);

export const PROVENANCE_MODEL = 'svc-rules-v1';

export const Provenance = z.strictObject({
  model: z.literal(PROVENANCE_MODEL),
  method: z.literal('deterministic'),
  provider: z.literal('none'),
  dataSentToExternalModel: z.literal(false),
  externalTokens: z.literal(0),
  tool: z.string(),
  operation: z.string(),
  inputsSha256: z.string().regex(/^[0-9a-f]{64}$/).describe('SHA-256 of the validated arguments in canonical JSON (RFC 8785).'),
});
export type Provenance = z.infer<typeof Provenance>;

export type JsonSchema = Record<string, unknown>;

export interface AgentTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  op: Operation;
}

export type ToolOutcome =
  | { ok: true; tool: string; result: unknown; provenance: Provenance }
  | { ok: false; tool: string; error: { code: string; message: string; issues: FailingPath[] }; provenance?: Provenance };

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

const routeOf = (op: Operation) => (op.http ? `${op.http.method} ${op.http.path}` : undefined);

/** True for an operation that changes nothing: the only kind that may be a tool. */
export function isReadOnly(op: Operation): boolean {
  if (op.writes || op.access === 'tenant' || op.http?.method === 'DELETE') return false;
  return !(op.permission && WRITE_PERMISSIONS.has(op.permission));
}

function toolOf(op: Operation, name: string): AgentTool {
  if (!isReadOnly(op)) throw new Error(`operation ${op.id} writes and cannot be the tool ${name}`);
  return {
    name,
    title: op.tool?.title ?? op.summary,
    description: `${op.summary}. ${op.description}`,
    inputSchema: jsonSchemaOf(op.input, 'input'),
    outputSchema: jsonSchemaOf(z.strictObject({ result: op.output, provenance: Provenance }), 'output'),
    op,
  };
}

const built = new WeakMap<readonly Operation[], AgentTool[]>();

/** The tool list for a registry (cached per registry array: JSON Schemas are built once). */
export function toolCatalog(operations: readonly Operation[]): AgentTool[] {
  const cached = built.get(operations);
  if (cached) return cached;
  const tools: AgentTool[] = [];
  const used = new Set<Operation>();
  for (const spec of SPEC_TOOLS) {
    const op =
      operations.find((o) => o.tool?.name === spec.name) ??
      operations.find((o) => spec.route !== undefined && routeOf(o) === spec.route && !o.tool);
    if (!op) continue;
    tools.push(toolOf(op, spec.name));
    used.add(op);
  }
  for (const op of operations) {
    if (!op.tool || used.has(op)) continue;
    if (tools.some((t) => t.name === op.tool?.name)) throw new Error(`tool name ${op.tool.name} is declared twice`);
    tools.push(toolOf(op, op.tool.name));
  }
  built.set(operations, tools);
  return tools;
}

export function findTool(operations: readonly Operation[], name: string): AgentTool | undefined {
  return toolCatalog(operations).find((t) => t.name === name);
}

function failure(tool: string, error: unknown, ctx: OpContext, provenance: Provenance): ToolOutcome {
  if (error instanceof SvcError) return { ok: false, tool, error: { code: error.code, message: error.message, issues: error.issues }, provenance };
  ctx.logger.error('tool failed unexpectedly', { tool, error: error instanceof Error ? error.message : String(error) });
  return { ok: false, tool, error: { code: 'internal_error', message: 'the tool failed unexpectedly', issues: [] }, provenance };
}

function sha256OfArguments(value: unknown): string {
  let text: string;
  try {
    text = canonicalJson(value);
  } catch {
    text = JSON.stringify(value) ?? 'null';
  }
  return createHash('sha256').update(text).digest('hex');
}

function provenanceOf(tool: AgentTool, inputsSha256: string): Provenance {
  return { model: PROVENANCE_MODEL, method: 'deterministic', provider: 'none', dataSentToExternalModel: false, externalTokens: 0, tool: tool.name, operation: tool.op.id, inputsSha256 };
}

export function unknownTool(name: string): ToolOutcome {
  return {
    ok: false,
    tool: name,
    error: { code: 'unknown_tool', message: `no tool named "${name.slice(0, 100)}"`, issues: [{ path: 'name', message: 'not a listed tool' }] },
  };
}

/**
 * Runs a tool through invoke (access, validation, run, rounding); never throws. Every outcome
 * carries the provenance marker: `inputsSha256` hashes the validated arguments, or the arguments as
 * sent when they did not validate (an error result).
 */
export async function callTool(tool: AgentTool, ctx: OpContext, args: unknown): Promise<ToolOutcome> {
  const { op } = tool;
  let validated: unknown = undefined;
  let valid = false;
  try {
    // The op's own schema, keeping the validated arguments for the provenance hash.
    const parse = (raw: unknown) => {
      const parsed = op.input.safeParse(raw);
      if (parsed.success) {
        validated = parsed.data;
        valid = true;
      }
      return parsed;
    };
    const result = await invoke(op, ctx, args ?? {}, { parse });
    return { ok: true, tool: tool.name, result, provenance: provenanceOf(tool, sha256OfArguments(validated)) };
  } catch (error) {
    return failure(tool.name, error, ctx, provenanceOf(tool, sha256OfArguments(valid ? validated : (args ?? {}))));
  }
}
