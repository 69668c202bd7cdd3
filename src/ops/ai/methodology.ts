/**
 * GET /api/methodology and the `cite_methodology` tool: cited grounding from svc's own docs on
 * forecast validation, AI sovereignty (no egress) and tool guardrails.
 *
 * The passages are a fixed table, not read from disk at run time: the docs are not shipped in the
 * package, and a fixed table keeps the answer deterministic. A test checks that every quote still
 * appears, word for word, under its cited section of its document (test/mcp/methodology.test.ts).
 */
import { z } from 'zod';
import { defineOperation } from '../types.js';

export const METHODOLOGY_TOPICS = ['forecastValidation', 'aiSovereignty', 'toolGuardrails'] as const;
export const MethodologyTopic = z.enum(METHODOLOGY_TOPICS);
export type MethodologyTopic = z.infer<typeof MethodologyTopic>;

export interface Citation {
  topic: MethodologyTopic;
  /** Repository path of the document. */
  document: string;
  /** The heading the passage sits under, as written (without the #). */
  section: string;
  quote: string;
}

export const CITATIONS: readonly Citation[] = [
  { topic: 'forecastValidation', document: 'docs/mcp.md', section: 'Forecast validation', quote: 'svc reports skill as the relative\n  MAE against the seasonal-naive benchmark (`rmaeVsNaive`): below 1 beats the benchmark, above 1\n  loses to it.' },
  { topic: 'forecastValidation', document: 'docs/mcp.md', section: 'Forecast validation', quote: 'When no day could be scored, the skill is null rather than a guess: an unscored model is not\n  presented as a validated one.' },
  { topic: 'forecastValidation', document: 'docs/backtest.md', section: 'What the figures mean (read this first)', quote: 'It is an upper bound, **not** a result a desk could have achieved, and it is not a\nforecast.' },
  { topic: 'aiSovereignty', document: 'docs/mcp.md', section: 'AI sovereignty (no egress)', quote: 'svc runs no external model and calls none.' },
  { topic: 'aiSovereignty', document: 'docs/brief.md', section: 'Trading brief (svc-rules-v1)', quote: 'model `svc-rules-v1`, provider `none`, no external model, no data sent anywhere, 0 tokens, cost 0.' },
  { topic: 'aiSovereignty', document: 'docs/receipt.md', section: 'No-egress receipts', quote: 'A receipt is a signed statement that a trading brief was produced by the deterministic rules\nengine `svc-rules-v1` — no external model, no data sent out, 0 external tokens — for inputs\nidentified by a hash anyone can recompute.' },
  { topic: 'toolGuardrails', document: 'docs/mcp.md', section: 'Tool guardrails', quote: 'A tool is an operation that changes nothing.' },
  { topic: 'toolGuardrails', document: 'docs/mcp.md', section: 'Tool guardrails', quote: 'no tool places or submits an\n  order, and every plan a tool returns is for human approval.' },
  { topic: 'toolGuardrails', document: 'docs/mcp.md', section: 'Tool guardrails', quote: 'invalid arguments are a tool error naming each\n  failing path, never a crash.' },
];

const TOPIC_TITLES: Record<MethodologyTopic, string> = {
  forecastValidation: 'Forecast validation',
  aiSovereignty: 'AI sovereignty (no egress)',
  toolGuardrails: 'Tool guardrails',
};

/** A quote as one line: the docs wrap lines, a citation reads as a sentence. */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');

export const MethodologyRequest = z.strictObject({
  topic: MethodologyTopic.optional().describe('One topic; all three when omitted.'),
});
const CitationOut = z.strictObject({
  topic: MethodologyTopic,
  document: z.string(),
  section: z.string(),
  reference: z.string().describe('`document#section`, e.g. `docs/mcp.md#Tool guardrails`.'),
  quote: z.string(),
});
export const MethodologyResponse = z.strictObject({
  topics: z.array(z.strictObject({ topic: MethodologyTopic, title: z.string() })),
  citations: z.array(CitationOut),
});

export const methodologyCite = defineOperation({
  id: 'methodology.cite',
  summary: 'Cited methodology: forecast validation, AI sovereignty, tool guardrails',
  description:
    'Passages of svc’s own documentation, each with its document and section, on how forecasts are validated (rMAE against the seasonal-naive ' +
    'benchmark, null when unscored), why no data leaves svc (deterministic svc-rules-v1, no external model) and what agent tools may and may not do. ' +
    'Deterministic: a fixed table checked against the docs by the test suite.',
  tags: ['ai'],
  access: 'key',
  input: MethodologyRequest,
  output: MethodologyResponse,
  http: { method: 'GET', path: '/api/methodology', inputFrom: 'query', successStatus: 200, errors: [400, 401, 429] },
  tool: { name: 'cite_methodology', title: 'Cite svc methodology' },
  async run(_ctx, input) {
    const topics = input.topic ? [input.topic] : [...METHODOLOGY_TOPICS];
    return {
      topics: topics.map((topic) => ({ topic, title: TOPIC_TITLES[topic] })),
      citations: CITATIONS.filter((c) => topics.includes(c.topic)).map((c) => ({
        topic: c.topic,
        document: c.document,
        section: c.section,
        reference: `${c.document}#${c.section}`,
        quote: oneLine(c.quote),
      })),
    };
  },
});
