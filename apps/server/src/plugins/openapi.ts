import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../modules/auth/auth.routes.ts';

/** Where the interactive documentation lives; its JSON is at `${DOCS_PREFIX}/json`. */
export const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI 3.1 generated from the contract's zod schemas (through the routes the registrar adds), served as JSON
 * and through Swagger UI. Register before the routes: swagger collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Energy Cloud API',
        version: '0.1.0',
        description:
          'Success answers are `{ "data": … }`; errors are `{ "error": { "code", "message", "fields"? } }` where ' +
          '`message` and the `fields` values are translation keys. Text: no string of a path, query or body may ' +
          'hold a control character (C0, DEL, C1; tab and line breaks only where a field says multi-line: none ' +
          'yet) or a lone surrogate (400 `validation.control_characters` / `validation.invalid` on the field); ' +
          'free text is stored in Unicode NFC, trimmed of spaces and zero-width characters at both ends; names ' +
          'refuse bidirectional controls U+202A–U+202E and U+2066–U+2069 (`validation.bidi_characters`); passwords ' +
          'are taken exactly as sent. Generated from packages/contract.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Fills components.schemas with the contract's named schemas (zod `.meta({ id })`) that the paths reference.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The app's own CSP (style-src allows inline styles) suits Swagger UI; its staticCSP would add
    // upgrade-insecure-requests, which breaks the page on plain-http hosts.
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
  });
}
