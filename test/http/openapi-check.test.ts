import { describe, expect, it } from 'vitest';
import { OpenApiChecker } from './openapi-check.js';

const doc = {
  paths: {
    '/api/x/{id}': {
      get: {
        responses: {
          '200': { content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'], additionalProperties: false } } } },
        },
      },
    },
  },
  components: { schemas: { ErrorResponse: { type: 'object', required: ['error'] } } },
};

describe('the response checker itself', () => {
  const checker = new OpenApiChecker(doc);
  const json = 'application/json; charset=utf-8';

  it('accepts a matching response', () => {
    expect(() => checker.check('GET', '/api/x/1', 200, json, JSON.stringify({ id: '6f1c2b1e-8a3b-4c1d-9e2f-0a1b2c3d4e5f' }))).not.toThrow();
  });
  it('rejects a body that breaks the schema, formats included', () => {
    expect(() => checker.check('GET', '/api/x/1', 200, json, JSON.stringify({ id: 'not-a-uuid' }))).toThrow(/does not match/);
    expect(() => checker.check('GET', '/api/x/1', 200, json, JSON.stringify({ id: '6f1c2b1e-8a3b-4c1d-9e2f-0a1b2c3d4e5f', x: 1 }))).toThrow(/does not match/);
  });
  it('rejects an undocumented status', () => {
    expect(() => checker.check('GET', '/api/x/1', 418, json, '{}')).toThrow(/not documented/);
  });
  it('checks unknown routes against the error body', () => {
    expect(() => checker.check('GET', '/api/unknown', 404, json, '{}')).toThrow(/does not match/);
  });
});
