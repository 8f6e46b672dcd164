import { call, detectTransport, isSimulated, type TransportKind } from '../../../lib/bridge/bridge.ts';
import { supportsEnhancedNative, type StoredAppVersion } from '../../../lib/bridge/native-app.ts';

export interface BridgeHealth {
  transport: TransportKind | 'simulator';
  roundTripMs: number;
  appVersion: StoredAppVersion;
  enhanced: boolean;
}

/** One getAppVersion round trip: proves the bridge answers and reports the app build. Null: no native app. */
export async function getBridgeHealth(): Promise<BridgeHealth | null> {
  const transport = detectTransport();
  if (!transport) return null;
  const started = performance.now();
  const answer = await call('getAppVersion');
  const appVersion = { versionName: answer.versionName, versionCode: answer.versionCode };
  return {
    transport: isSimulated() ? 'simulator' : transport,
    roundTripMs: Math.round(performance.now() - started),
    appVersion,
    enhanced: supportsEnhancedNative(appVersion),
  };
}
