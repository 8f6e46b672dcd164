import { useLiveArrivals } from '../use-live-arrivals.ts';

/** The centre's watch for messages that arrive while it is open (use-live-arrivals.ts), as a component to load late. */
export function LiveArrivals({ onArrival }: { onArrival: () => void }) {
  useLiveArrivals(onArrival);
  return null;
}
