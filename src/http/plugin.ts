/**
 * The HTTP door is a set of fastify plugins, one concern a file (docs/architecture.md, "The HTTP
 * door"). They register on the root context, not an encapsulated child: the error handler, the
 * JSON parser and the hooks they add hold for every route, those of further doors included. This is
 * what the fastify-plugin package does (the `skip-override` marker fastify reads), in six lines.
 */
import type { FastifyPluginCallback, FastifyPluginOptions } from 'fastify';

export function rootPlugin<Options extends FastifyPluginOptions>(name: string, plugin: FastifyPluginCallback<Options>): FastifyPluginCallback<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name });
}
