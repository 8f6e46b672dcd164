import { beatLocationMessages, type LiveBeat, statePayload } from '../fleet/public.ts';
import { downlinkTopic, type Publisher } from './mqtt-broker.ts';

/**
 * Publishes a beat of the live cadence (server/modules/fleet/live-cadence.ts): each mower's state again (retained,
 * unchanged but for its time and position) and its location, so that no client's watchdog takes a quiet mower for
 * a dead connection.
 */
export function publishLiveBeat(publisher: Publisher) {
  return async ({ moving, standing, sinceMs }: LiveBeat) => {
    for (const view of [...moving, ...standing]) {
      await publisher.publish(downlinkTopic(view.serial, 'state'), statePayload(view), true);
      for (const message of beatLocationMessages(view, sinceMs))
        await publisher.publish(downlinkTopic(view.serial, 'location'), message, false);
    }
  };
}
