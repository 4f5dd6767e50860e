import type { liveRoutes } from '@ec/contract';
import { STREAMED, type GroupHandlers } from '../../plugins/contract-routes.ts';
import { readToken } from '../auth/auth.routes.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { LiveService } from './live.service.ts';
import type { LiveStreams } from './live.streams.ts';

/**
 * Handlers of the live routes. `rotateControllerSecret` (POST /controllers/:id/secret) belongs to the broker module
 * (controller credentials), which supplies its handler for the same contract group.
 */
export function liveHandlers(deps: {
  live: LiveService;
  streams: LiveStreams;
  auth: AuthService;
}): Omit<GroupHandlers<typeof liveRoutes>, 'rotateControllerSecret'> {
  const { live, streams, auth } = deps;
  const sessionOf = (request: Parameters<typeof readToken>[0]) => {
    const token = readToken(request);
    return () => (token ? auth.resolve(token) : Promise.resolve(null));
  };
  return {
    locationLive: ({ actor, params }) => live.location(actor, params.id),
    groupLive: ({ actor, params }) => live.group(actor, params.id),

    async locationLiveStream({ actor, params, request, reply }) {
      // Read (and authorise) before the stream opens: a 404 stays an ordinary answer.
      const first = await live.location(actor, params.id);
      streams.open({
        request,
        reply,
        locationIds: [params.id],
        watch: true,
        first,
        actor,
        read: (current) => live.location(current, params.id),
        resolveActor: sessionOf(request),
      });
      return STREAMED;
    },

    async groupLiveStream({ actor, params, request, reply }) {
      const [first, locationIds] = await Promise.all([
        live.group(actor, params.id),
        live.groupLocationIds(actor, params.id),
      ]);
      streams.open({
        request,
        reply,
        locationIds,
        // A group page does not switch every controller of the group to live mode: it follows their commits.
        watch: false,
        first,
        actor,
        read: (current) => live.group(current, params.id),
        resolveActor: sessionOf(request),
      });
      return STREAMED;
    },

    discoveredDevices: ({ actor, params }) => live.discovered(actor, params.id),

    adoptDiscoveredDevice: ({ actor, params, body }) => live.adopt(actor, params.id, body.data),

    async dismissDiscoveredDevice({ actor, params, body }) {
      await live.dismiss(actor, params.id, body.data.ref);
      return {};
    },
  };
}
