type Listener = (accountIds: readonly string[]) => unknown;

/**
 * Who sees which mower changed (a share accepted or ended): the modules that keep something per account follow it
 * (the pages' live streams, the MQTT connections, Google's HomeGraph), and the sharing module tells it.
 */
export class MowerListChanges {
  private readonly listeners = new Set<Listener>();

  /** Calls `listener` with the accounts whose mower lists changed; a listener handles its own failures. */
  follow(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The mower lists of these accounts changed: resolves once every follower has taken it in. */
  async changed(accountIds: readonly string[]): Promise<void> {
    await Promise.all([...this.listeners].map((listener) => listener(accountIds)));
  }
}
