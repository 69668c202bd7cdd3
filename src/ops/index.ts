/** The operation registry: every door (CLI, HTTP, OpenAPI, MCP) is derived from this list. */
import type { Operation } from './types.js';
import { strategyPlan, bessPlan } from './strategy.js';
import { backtestSummary } from './backtest.js';
import { riskReport } from './risk.js';
import { auditCreate, auditList, auditExport } from './audit.js';

export const operations: Operation[] = [strategyPlan, bessPlan, backtestSummary, riskReport, auditCreate, auditList, auditExport] as unknown as Operation[];

export function findOperation(id: string): Operation | undefined {
  return operations.find((op) => op.id === id);
}
