// Live energy data: query keys, queries and the stream that keeps them current (issue 12).
export {
  discoveredDevicesQueryOptions,
  groupLiveQueryOptions,
  groupLiveStreamUrl,
  liveKeys,
  locationLiveQueryOptions,
  locationLiveStreamUrl,
  parseGroupLive,
  parseLocationLive,
  type LiveParser,
} from './live-queries.ts';
export {
  LIVE_EVENT,
  useGroupLiveStream,
  useLiveStream,
  useLocationLiveStream,
  type LiveStreamState,
  type LiveStreamStatus,
} from './use-live-stream.ts';
