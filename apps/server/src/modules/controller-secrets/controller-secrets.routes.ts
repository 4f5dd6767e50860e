import type { liveRoutes } from '@ec/contract';
import type { RouteHandler } from '../../plugins/contract-routes.ts';
import type { ControllerSecretsService } from './controller-secrets.service.ts';

/**
 * The handler of `POST /api/controllers/{id}/secret` (liveRoutes.rotateControllerSecret). The live module registers
 * the other live routes; app.ts merges both into the `live` group.
 */
export function controllerSecretHandlers(service: ControllerSecretsService): {
  rotateControllerSecret: RouteHandler<typeof liveRoutes.rotateControllerSecret>;
} {
  return {
    rotateControllerSecret: ({ actor, params, request }) =>
      service.rotate(actor, params.id, request.ip),
  };
}
